import Foundation
import KooberKit
import PostgresNIO

/// Sessions in the `sessions` table, by token hash; a session goes when its user does (`ON DELETE CASCADE`). Ending
/// sessions tells every process (`PostgresChanges`), so that streams opened with them end wherever they are.
public struct PostgresUserSessionRepository: UserSessionRepository {
    private let database: PostgresDatabase

    public init(database: PostgresDatabase) {
        self.database = database
    }

    /// The insert reads the user's row `FOR SHARE`: a change that ends access updates that row before it deletes the
    /// sessions, so either this waits for it and then finds another version (or no user), or it commits first and
    /// the change's delete, which waited for its lock, takes its session too. A lock (`PostgresRiderAccountRepository`)
    /// is such a change, and the row it leaves says so (`locked_at`), which the insert reads too. `accessChanged` when
    /// nothing was stored, `accountLocked` when that was because the account is locked.
    public func create(
        tokenHash: SessionTokenHash, userID: UserID, kind: SessionKind, now: Date, credentialVersion: Int64?
    ) async throws {
        let time = PostgresTime.seconds(now)
        let inserted = try await database.query(
            """
            INSERT INTO sessions (token_hash, user_id, kind, created_at, last_seen_at)
            SELECT \(tokenHash.hex), id, \(kind.rawValue), \(time), \(time) FROM users
            WHERE id = \(userID.rawValue) AND (\(credentialVersion)::BIGINT IS NULL OR credential_version = \(credentialVersion))
              AND locked_at IS NULL
            FOR SHARE
            RETURNING 1
            """
        )
        guard inserted.count == 1 else {
            let locked = try await database.query(
                "SELECT 1 FROM users WHERE id = \(userID.rawValue) AND locked_at IS NOT NULL")
            throw locked.isEmpty ? UserSessionRepositoryError.accessChanged : .accountLocked
        }
    }

    public func session(tokenHash: SessionTokenHash) async throws -> UserSession? {
        try await database.execute(SessionByTokenHash(tokenHash: tokenHash)).first.map(Self.session(from:))
    }

    /// A session from a row with `SessionByTokenHash.columns`.
    static func session(from row: PostgresRow) throws -> UserSession {
        let columns = row.makeRandomAccess()
        return UserSession(
            tokenHash: SessionTokenHash(hex: try columns["token_hash"].decode(String.self)),
            profile: try PostgresUserRepository.profile(from: row, idColumn: "session_user_id"),
            createdAt: PostgresTime.date(seconds: try columns["created_at"].decode(Int64.self)),
            lastSeenAt: PostgresTime.date(seconds: try columns["last_seen_at"].decode(Int64.self)),
            kind: try Self.kind(try columns["kind"].decode(String.self))
        )
    }

    public func touch(tokenHash: SessionTokenHash, now: Date) async throws {
        _ = try await database.execute(TouchSession(tokenHash: tokenHash, lastSeenAt: PostgresTime.seconds(now)))
    }

    public func delete(tokenHash: SessionTokenHash) async throws {
        try await database.transaction { transaction in
            let deleted = try await transaction.query(
                "DELETE FROM sessions WHERE token_hash = \(tokenHash.hex) RETURNING user_id"
            )
            for row in deleted {
                try await PostgresChanges.notifySessionsEnded(of: UserID(try row.decode(Int64.self)), in: transaction)
            }
        }
    }

    @discardableResult
    public func deleteAll(userID: UserID, keeping: SessionTokenHash?) async throws -> Int {
        try await database.transaction { transaction in
            // The user's row first: a sign-in storing its session waits for this lock (see `create`).
            try await transaction.execute(
                "UPDATE users SET credential_version = credential_version + 1 WHERE id = \(userID.rawValue)")
            return try await Self.endSessions(of: userID, keeping: keeping, in: transaction)
        }
    }

    /// Deletes the user's sessions but `keeping`, then every share link of theirs (a later statement, which sees a
    /// share that waited on a session's row, `PostgresRideShareRepository.save`), in the caller's transaction (which
    /// has locked the user's row first), and tells every process if any ended. How many sessions ended.
    static func endSessions(of userID: UserID, keeping: SessionTokenHash?, in transaction: PostgresTransaction)
        async throws -> Int
    {
        let deleted = try await transaction.query(
            """
            DELETE FROM sessions WHERE user_id = \(userID.rawValue) AND token_hash IS DISTINCT FROM \(keeping?.hex)
            RETURNING 1
            """
        )
        if !deleted.isEmpty { try await PostgresChanges.notifySessionsEnded(of: userID, in: transaction) }
        _ = try await PostgresRideShareRepository.deleteAll(userID: userID, in: transaction)
        return deleted.count
    }

    /// Expired sessions end quietly: their streams go on until their ride ends or they reconnect.
    @discardableResult
    public func deleteExpired(kind: SessionKind, idleCutoff: Date, absoluteCutoff: Date) async throws -> Int {
        try await database.query(
            """
            DELETE FROM sessions
            WHERE kind = \(kind.rawValue)
              AND (last_seen_at < \(PostgresTime.seconds(idleCutoff)) OR created_at < \(PostgresTime.seconds(absoluteCutoff)))
            RETURNING 1
            """
        )
        .count
    }

    /// A stored kind (the schema's CHECK allows only these).
    static func kind(_ text: String) throws -> SessionKind {
        guard let kind = SessionKind(rawValue: text) else { throw PostgresSessionKindError(stored: text) }
        return kind
    }
}

/// A session row whose kind is none Koober knows (the schema's CHECK keeps this from happening).
struct PostgresSessionKindError: Error, CustomStringConvertible {
    let stored: String
    var description: String { "a session of unknown kind \(stored)" }
}
