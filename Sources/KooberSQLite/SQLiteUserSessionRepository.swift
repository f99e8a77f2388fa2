import Foundation
import KooberKit

/// Sessions in the `sessions` table, by token hash; a session goes when its user does (`ON DELETE CASCADE`).
public struct SQLiteUserSessionRepository: UserSessionRepository {
    private let database: SQLiteDatabase

    public init(database: SQLiteDatabase) {
        self.database = database
    }

    /// The user's row is read by the insert itself (SQLite has one writer): `accessChanged` when it is gone or at
    /// another credential version, `accountLocked` when Koober Ops has locked it. Throws `SQLiteError.constraint` when
    /// the hash is already in use.
    public func create(
        tokenHash: SessionTokenHash, userID: UserID, kind: SessionKind, now: Date, credentialVersion: Int64?
    ) async throws {
        let version = credentialVersion.map(SQLiteValue.integer) ?? .null
        try await database.write { connection in
            let inserted = try connection.execute(
                """
                INSERT INTO sessions (token_hash, user_id, kind, created_at, last_seen_at)
                SELECT ?, id, ?, ?, ? FROM users
                WHERE id = ? AND (? IS NULL OR credential_version = ?) AND locked_at IS NULL
                """,
                [
                    .text(tokenHash.hex), .text(kind.rawValue), .unixSeconds(now), .unixSeconds(now),
                    .integer(userID.rawValue), version, version,
                ]
            )
            guard inserted == 1 else {
                let locked = try connection.query(
                    "SELECT 1 FROM users WHERE id = ? AND locked_at IS NOT NULL", [.integer(userID.rawValue)])
                throw locked.isEmpty ? UserSessionRepositoryError.accessChanged : .accountLocked
            }
        }
    }

    public func session(tokenHash: SessionTokenHash) async throws -> UserSession? {
        try await database.read { connection in try Self.session(tokenHash: tokenHash, on: connection) }
    }

    static func session(tokenHash: SessionTokenHash, on connection: SQLiteConnection) throws -> UserSession? {
        let rows = try connection.query(
            """
            SELECT s.token_hash, s.kind, s.created_at, s.last_seen_at,
                   u.id, u.name, u.nickname, u.email, u.mobile_number, u.language
            FROM sessions AS s JOIN users AS u ON u.id = s.user_id
            WHERE s.token_hash = ?
            """,
            [.text(tokenHash.hex)]
        )
        return try rows.first.map { row in
            UserSession(
                tokenHash: SessionTokenHash(hex: try row.string("token_hash")),
                profile: try SQLiteUserRepository.profile(from: row),
                createdAt: try row.date("created_at"),
                lastSeenAt: try row.date("last_seen_at"),
                kind: try SQLiteUserSessionRepository.kind(try row.string("kind"))
            )
        }
    }

    public func touch(tokenHash: SessionTokenHash, now: Date) async throws {
        try await database.write { connection in
            try connection.execute(
                "UPDATE sessions SET last_seen_at = ? WHERE token_hash = ?",
                [.unixSeconds(now), .text(tokenHash.hex)]
            )
        }
    }

    public func delete(tokenHash: SessionTokenHash) async throws {
        try await database.write { connection in
            try connection.execute("DELETE FROM sessions WHERE token_hash = ?", [.text(tokenHash.hex)])
        }
    }

    @discardableResult
    public func deleteAll(userID: UserID, keeping: SessionTokenHash?) async throws -> Int {
        try await database.write { connection in
            try connection.execute(
                "UPDATE users SET credential_version = ? WHERE id = ?",
                [.integer(try SQLiteUserRepository.nextCredentialVersion(on: connection)), .integer(userID.rawValue)])
            return try Self.endSessions(of: userID, keeping: keeping, on: connection)
        }
    }

    /// Deletes the user's sessions but `keeping`, and every share link of theirs, on `connection`, in the caller's
    /// transaction (a change that ends access); how many sessions.
    static func endSessions(of userID: UserID, keeping: SessionTokenHash?, on connection: SQLiteConnection) throws
        -> Int
    {
        _ = try SQLiteRideShareRepository.deleteAll(userID: userID, on: connection)
        return try connection.execute(
            "DELETE FROM sessions WHERE user_id = ? AND token_hash IS NOT ?",
            [.integer(userID.rawValue), keeping.map { .text($0.hex) } ?? .null]
        )
    }

    @discardableResult
    public func deleteExpired(kind: SessionKind, idleCutoff: Date, absoluteCutoff: Date) async throws -> Int {
        try await database.write { connection in
            try connection.execute(
                "DELETE FROM sessions WHERE kind = ? AND (last_seen_at < ? OR created_at < ?)",
                [.text(kind.rawValue), .unixSeconds(idleCutoff), .unixSeconds(absoluteCutoff)]
            )
        }
    }

    /// A stored kind (the schema's CHECK allows only these).
    static func kind(_ text: String) throws -> SessionKind {
        guard let kind = SessionKind(rawValue: text) else {
            throw SQLiteError.invalidValue(column: "kind", reason: "not a session kind")
        }
        return kind
    }
}
