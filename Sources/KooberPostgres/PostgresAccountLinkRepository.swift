import Foundation
import KooberKit
import PostgresNIO

/// Mailed links in `account_links` (by their token's hash only), whether emails are confirmed
/// (`users.email_confirmed_at_ms`), and the outbox (`mail_outbox`, `PostgresAccountLinkRepository+MailOutbox`): one
/// type, because a link and its message are written together (`PostgresMailQueue`).
///
/// Using a link locks its rider's row first and then deletes the link only while it is still valid, so of two uses
/// of one link (two tabs, two processes) exactly one succeeds, and the user's row is always locked before their
/// links, as everywhere else (`PostgresMailQueue`).
public struct PostgresAccountLinkRepository: AccountLinkRepository {
    let database: PostgresDatabase

    public init(database: PostgresDatabase) {
        self.database = database
    }

    /// The user's row is read `FOR SHARE` first: a user deleted meanwhile is not found (nothing is stored, and no
    /// foreign key refuses anything), and a link used or ended at the same moment takes its turn.
    public func issue(_ link: AccountLinkIssue, for userID: UserID) async throws {
        try await database.transaction { transaction in
            let user = try await transaction.query("SELECT id FROM users WHERE id = \(userID.rawValue) FOR SHARE")
            guard !user.isEmpty else { return }
            try await PostgresMailQueue.issue(link, for: userID, in: transaction)
        }
    }

    /// `issue`'s statements for `UserID.decoy`: the links' and the outbox's riders are checked at the commit
    /// (migration 11), and the rows are taken out again before it, so the commit keeps nothing, and waits for its
    /// write as `issue`'s does.
    public func issueDecoy(_ link: AccountLinkIssue) async throws {
        try await database.transaction { transaction in
            let userID = UserID.decoy
            _ = try await transaction.query("SELECT id FROM users WHERE id = \(userID.rawValue) FOR SHARE")
            try await PostgresMailQueue.issue(link, for: userID, in: transaction)
            try await transaction.execute("DELETE FROM account_links WHERE token_hash = \(link.tokenHash.hex)")
            try await transaction.execute("DELETE FROM mail_outbox WHERE message_id = \(link.mail.messageID)")
        }
    }

    public func user(of purpose: AccountLinkPurpose, tokenHash: SessionTokenHash, at now: Date) async throws
        -> UserID?
    {
        try await database.query(
            """
            SELECT user_id FROM account_links
            WHERE token_hash = \(tokenHash.hex) AND purpose = \(purpose.rawValue) \
            AND expires_at_ms > \(PostgresTime.milliseconds(now))
            """
        )
        .first.map { UserID(try $0.decode(Int64.self)) }
    }

    /// The first confirmation is kept: a second link used later does not move it.
    public func confirmEmail(tokenHash: SessionTokenHash, at now: Date) async throws -> UserID? {
        try await database.transaction { transaction in
            guard let userID = try await Self.use(.emailConfirmation, tokenHash: tokenHash, at: now, in: transaction)
            else { return nil }
            try await transaction.execute(
                """
                UPDATE users SET email_confirmed_at_ms = coalesce(email_confirmed_at_ms, \
                \(PostgresTime.milliseconds(now)))
                WHERE id = \(userID.rawValue)
                """
            )
            return userID
        }
    }

    /// As `PostgresUserRepository.updatePasswordHash` and `PostgresUserSessionRepository.deleteAll` together, in
    /// one transaction: the hash and the credential version change, every reset link of the account ends, and so does
    /// every session and token of it (other processes hear it, `PostgresChanges`).
    public func resetPassword(tokenHash: SessionTokenHash, passwordHash: String, at now: Date) async throws
        -> StoredCredentials?
    {
        try await database.transaction { transaction in
            guard let userID = try await Self.use(.passwordReset, tokenHash: tokenHash, at: now, in: transaction)
            else { return nil }
            let credentials = try await PostgresUserRepository.setPasswordHash(
                passwordHash, of: userID, in: transaction)
            _ = try await PostgresUserSessionRepository.endSessions(of: userID, keeping: nil, in: transaction)
            return credentials
        }
    }

    public func isEmailConfirmed(userID: UserID) async throws -> Bool {
        let confirmed = try await database.query(
            "SELECT 1 FROM users WHERE id = \(userID.rawValue) AND email_confirmed_at_ms IS NOT NULL"
        )
        return !confirmed.isEmpty
    }

    /// Uses the link of `purpose` whose token hashes to `tokenHash`, if valid at `now`: locks its rider's row
    /// (`FOR NO KEY UPDATE`: the caller changes it), then deletes the link if it is still valid. The rider, or `nil`
    /// with nothing changed.
    private static func use(
        _ purpose: AccountLinkPurpose, tokenHash: SessionTokenHash, at now: Date, in transaction: PostgresTransaction
    ) async throws -> UserID? {
        let owner = try await transaction.query(
            """
            SELECT id FROM users
            WHERE id = (SELECT user_id FROM account_links WHERE token_hash = \(tokenHash.hex))
            FOR NO KEY UPDATE
            """
        )
        guard let row = owner.first else { return nil }
        let userID = try row.decode(Int64.self)
        let used = try await transaction.query(
            """
            DELETE FROM account_links
            WHERE token_hash = \(tokenHash.hex) AND purpose = \(purpose.rawValue) AND user_id = \(userID) \
            AND expires_at_ms > \(PostgresTime.milliseconds(now))
            RETURNING 1
            """
        )
        return used.isEmpty ? nil : UserID(userID)
    }
}
