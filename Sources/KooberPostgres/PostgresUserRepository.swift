import Foundation
import KooberKit
import PostgresNIO

/// Accounts in the `users` table; emails unique ignoring case (`users_by_email` on `lower(email)`).
public struct PostgresUserRepository: UserRepository {
    private let database: PostgresDatabase
    private let now: @Sendable () -> Date

    /// - Parameter now: the clock for `created_at`.
    public init(database: PostgresDatabase, now: @escaping @Sendable () -> Date = Date.init) {
        self.database = database
        self.now = now
    }

    /// A sign-up's confirmation link is stored, and its message queued, in the user's own transaction; an account
    /// made without one (the demo account, seeding) is one statement.
    public func create(_ user: NewUser) async throws -> UserProfile {
        let email = EmailAddress.normalize(user.email)
        let insert: PostgresQuery = """
            INSERT INTO users (name, nickname, email, mobile_number, password_hash, created_at, language)
            VALUES (\(user.name), \(user.nickname), \(email), \(user.mobileNumber), \(user.passwordHash), \
            \(PostgresTime.seconds(now())), \(user.language?.tag))
            RETURNING id, name, nickname, email, mobile_number, language
            """
        do {
            guard let confirmation = user.confirmation else {
                return try Self.profile(from: try await database.query(insert)[0])
            }
            return try await database.transaction { transaction in
                let profile = try Self.profile(from: try await transaction.query(insert)[0])
                try await PostgresMailQueue.issue(confirmation, for: profile.id, in: transaction)
                return profile
            }
        } catch let error as PSQLError where error.isUniqueViolation {
            throw UserRepositoryError.emailAlreadyRegistered
        }
    }

    public func credentials(forEmail email: String) async throws -> StoredCredentials? {
        let email = EmailAddress.normalize(email)
        let rows = try await database.query(
            """
            SELECT \(unescaped: Self.credentialColumns) FROM users WHERE lower(email) = \(email)
            """
        )
        return try rows.first.map(Self.credentials(from:))
    }

    /// What `credentials(from:)` reads, of the `users` table.
    static let credentialColumns = """
        id, name, nickname, email, mobile_number, language, password_hash, credential_version, locked_at IS NOT NULL AS locked
        """

    /// Credentials from a row with `credentialColumns`.
    static func credentials(from row: PostgresRow) throws -> StoredCredentials {
        let columns = row.makeRandomAccess()
        return StoredCredentials(
            profile: try profile(from: row),
            passwordHash: try columns["password_hash"].decode(String.self),
            credentialVersion: try columns["credential_version"].decode(Int64.self),
            isLocked: try columns["locked"].decode(Bool.self)
        )
    }

    public func profile(id: UserID) async throws -> UserProfile? {
        try await database.query(
            "SELECT id, name, nickname, email, mobile_number, language FROM users WHERE id = \(id.rawValue)"
        )
        .first.map { try Self.profile(from: $0) }
    }

    public func updateProfile(id: UserID, name: String, nickname: String, mobileNumber: String) async throws
        -> UserProfile?
    {
        try await database.query(
            """
            UPDATE users SET name = \(name), nickname = \(nickname), mobile_number = \(mobileNumber)
            WHERE id = \(id.rawValue)
            RETURNING id, name, nickname, email, mobile_number, language
            """
        )
        .first.map { try Self.profile(from: $0) }
    }

    public func updatePasswordHash(id: UserID, passwordHash: String) async throws {
        try await database.transaction { transaction in
            _ = try await Self.setPasswordHash(passwordHash, of: id, in: transaction)
        }
    }

    /// Sets the password hash and raises the credential version, in the caller's transaction; the rider's reset links
    /// end with it (a password change supersedes them), after the user's row, as `PostgresMailQueue` orders the locks.
    /// The credentials as they are now, or `nil` when the user is gone.
    @discardableResult
    static func setPasswordHash(_ passwordHash: String, of id: UserID, in transaction: PostgresTransaction)
        async throws -> StoredCredentials?
    {
        let updated = try await transaction.query(
            """
            UPDATE users SET password_hash = \(passwordHash), credential_version = credential_version + 1
            WHERE id = \(id.rawValue)
            RETURNING \(unescaped: credentialColumns)
            """
        )
        try await PostgresMailQueue.endLinks(.passwordReset, of: id, in: transaction)
        return try updated.first.map(credentials(from:))
    }

    /// The foreign keys cascade: sessions, rides (and their events) and the chosen drop-off go with the user; other
    /// processes hear that the user's sessions ended (`PostgresChanges`).
    public func delete(id: UserID) async throws {
        try await database.transaction { transaction in
            try await transaction.execute("DELETE FROM users WHERE id = \(id.rawValue)")
            try await PostgresChanges.notifySessionsEnded(of: id, in: transaction)
        }
    }

    public func setLanguage(_ language: Language, for id: UserID) async throws {
        try await database.query("UPDATE users SET language = \(language.tag) WHERE id = \(id.rawValue)")
    }

    /// A profile from a row with the columns `id, name, nickname, email, mobile_number, language` (the id under
    /// `idColumn`); a language this koober does not know reads as none.
    static func profile(from row: PostgresRow, idColumn: String = "id") throws -> UserProfile {
        let columns = row.makeRandomAccess()
        return UserProfile(
            id: UserID(try columns[idColumn].decode(Int64.self)),
            name: try columns["name"].decode(String.self),
            nickname: try columns["nickname"].decode(String.self),
            email: try columns["email"].decode(String.self),
            mobileNumber: try columns["mobile_number"].decode(String.self),
            language: try columns["language"].decode(String?.self).flatMap(Language.init(tag:))
        )
    }
}
