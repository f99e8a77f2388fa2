import Foundation
import KooberKit

/// Accounts in the `users` table.
public struct SQLiteUserRepository: UserRepository {
    private let database: SQLiteDatabase
    private let now: @Sendable () -> Date

    /// - Parameter now: the clock for `created_at`.
    public init(database: SQLiteDatabase, now: @escaping @Sendable () -> Date = Date.init) {
        self.database = database
        self.now = now
    }

    public func create(_ user: NewUser) async throws -> UserProfile {
        // Normalised here too, so no caller can store two spellings of one address.
        let email = EmailAddress.normalize(user.email)
        let createdAt = now()
        do {
            return try await database.write { connection in
                let rows = try connection.query(
                    """
                    INSERT INTO users (
                        name, nickname, email, mobile_number, password_hash, created_at, credential_version, language
                    )
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    RETURNING id, name, nickname, email, mobile_number, language
                    """,
                    [
                        .text(user.name), .text(user.nickname), .text(email), .text(user.mobileNumber),
                        .text(user.passwordHash), .unixSeconds(createdAt),
                        .integer(try Self.nextCredentialVersion(on: connection)),
                        user.language.map { .text($0.tag) } ?? .null,
                    ]
                )
                let profile = try Self.profile(from: rows[0])
                if let confirmation = user.confirmation {
                    try SQLiteAccountLinkRepository.issue(confirmation, for: profile.id, on: connection)
                }
                return profile
            }
        } catch let error as SQLiteError where error.isUniqueViolation {
            throw UserRepositoryError.emailAlreadyRegistered
        }
    }

    public func credentials(forEmail email: String) async throws -> StoredCredentials? {
        let email = EmailAddress.normalize(email)
        return try await database.read { connection in
            let rows = try connection.query(
                "SELECT \(Self.credentialColumns) FROM users WHERE email = ?", [.text(email)])
            return try rows.first.map(Self.credentials(from:))
        }
    }

    public func profile(id: UserID) async throws -> UserProfile? {
        try await database.read { connection in
            let rows = try connection.query(
                "SELECT id, name, nickname, email, mobile_number, language FROM users WHERE id = ?",
                [.integer(id.rawValue)]
            )
            return try rows.first.map(Self.profile(from:))
        }
    }

    public func updateProfile(id: UserID, name: String, nickname: String, mobileNumber: String) async throws
        -> UserProfile?
    {
        try await database.write { connection in
            try connection.query(
                """
                UPDATE users SET name = ?, nickname = ?, mobile_number = ? WHERE id = ?
                RETURNING id, name, nickname, email, mobile_number, language
                """,
                [.text(name), .text(nickname), .text(mobileNumber), .integer(id.rawValue)]
            )
            .first.map(Self.profile(from:))
        }
    }

    public func updatePasswordHash(id: UserID, passwordHash: String) async throws {
        try await database.write { connection in
            try Self.setPasswordHash(passwordHash, of: id, on: connection)
        }
    }

    /// Sets the password hash and raises the credential version, in the caller's transaction; the rider's reset links
    /// end with it (a password change supersedes them).
    static func setPasswordHash(_ passwordHash: String, of id: UserID, on connection: SQLiteConnection) throws {
        try connection.execute(
            "UPDATE users SET password_hash = ?, credential_version = ? WHERE id = ?",
            [.text(passwordHash), .integer(try nextCredentialVersion(on: connection)), .integer(id.rawValue)])
        try connection.execute(
            "DELETE FROM account_links WHERE user_id = ? AND purpose = 'password_reset'", [.integer(id.rawValue)])
    }

    /// The foreign keys cascade: sessions, rides (and their events), the chosen drop-off, links and queued mail go with
    /// the user.
    public func delete(id: UserID) async throws {
        try await database.write { connection in
            _ = try connection.execute("DELETE FROM users WHERE id = ?", [.integer(id.rawValue)])
        }
    }

    public func setLanguage(_ language: Language, for id: UserID) async throws {
        try await database.write { connection in
            try connection.execute(
                "UPDATE users SET language = ? WHERE id = ?", [.text(language.tag), .integer(id.rawValue)])
        }
    }

    /// A profile from a row with the columns `id, name, nickname, email, mobile_number, language` (the sessions join
    /// too); a language this koober does not know reads as none.
    static func profile(from row: SQLiteRow) throws -> UserProfile {
        UserProfile(
            id: UserID(try row.int64("id")),
            name: try row.string("name"),
            nickname: try row.string("nickname"),
            email: try row.string("email"),
            mobileNumber: try row.string("mobile_number"),
            language: try row.optional("language", row.string).flatMap(Language.init(tag:))
        )
    }

    /// What `credentials(from:)` reads, of the `users` table.
    static let credentialColumns = """
        id, name, nickname, email, mobile_number, language, password_hash, credential_version, locked_at IS NOT NULL AS locked
        """

    /// Credentials from a row with `credentialColumns`.
    static func credentials(from row: SQLiteRow) throws -> StoredCredentials {
        StoredCredentials(
            profile: try profile(from: row), passwordHash: try row.string("password_hash"),
            credentialVersion: try row.int64("credential_version"), isLocked: try row.int64("locked") != 0)
    }

    /// A credential version no account has had (`credential_counter`, in the write's transaction): a new user's, or a
    /// user's after a change that ends access. Unique across accounts, since SQLite reuses a deleted user's id.
    static func nextCredentialVersion(on connection: SQLiteConnection) throws -> Int64 {
        try connection.query("UPDATE credential_counter SET value = value + 1 WHERE id = 1 RETURNING value")[0]
            .int64("value")
    }
}
