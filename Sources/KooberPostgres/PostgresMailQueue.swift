import Foundation
import KooberKit
import PostgresNIO

/// The writes that queue mail, made inside the transaction of what causes it, so a message is queued exactly when its
/// cause is stored: a link with its message (`PostgresAccountLinkRepository.issue`, and a sign-up's confirmation in
/// `PostgresUserRepository.create`) and a finished ride's receipt (`PostgresRideRepository.apply`).
///
/// Locks are taken in one order everywhere, the user's row before the rider's links, so that a link issued, used and
/// ended by a password change at once cannot deadlock: callers hold (or have just inserted) the user's row.
enum PostgresMailQueue {
    /// Stores `link` for `userID`, ending the rider's earlier links of its purpose, and queues its message at
    /// `link.issuedAt`. The link knows its message by its `Message-ID`, by which a claim draws the token it mails
    /// (`PostgresAccountLinkRepository.claimDue`); the caller holds the user's row.
    static func issue(_ link: AccountLinkIssue, for userID: UserID, in transaction: PostgresTransaction) async throws {
        try await endLinks(link.purpose, of: userID, in: transaction)
        try await transaction.execute(
            """
            INSERT INTO account_links (token_hash, purpose, user_id, expires_at_ms, message_id)
            VALUES (\(link.tokenHash.hex), \(link.purpose.rawValue), \(userID.rawValue), \
            \(PostgresTime.milliseconds(link.expiresAt)), \(link.mail.messageID))
            """
        )
        let queuedAt = PostgresTime.milliseconds(link.issuedAt)
        try await transaction.execute(
            """
            INSERT INTO mail_outbox (kind, user_id, message_id, ride_id, queued_at_ms, next_attempt_at_ms)
            VALUES (\(link.mail.kind.rawValue), \(userID.rawValue), \(link.mail.messageID), NULL, \(queuedAt), \
            \(queuedAt))
            """
        )
    }

    /// Ends every link of `purpose` of the rider's: a newer one supersedes them, a password change or reset ends the
    /// reset links.
    static func endLinks(_ purpose: AccountLinkPurpose, of userID: UserID, in transaction: PostgresTransaction)
        async throws
    {
        try await transaction.execute(
            "DELETE FROM account_links WHERE user_id = \(userID.rawValue) AND purpose = \(purpose.rawValue)"
        )
    }

    /// Queues `mail` for `userID`, due at `time`; with `onlyIfConfirmed` (a receipt), only when the rider's email is
    /// confirmed. Nothing when the user is gone. Its subject goes in its own column (`ride_id`, `scheduled_ride_id`).
    static func queue(
        _ mail: OutgoingMail, for userID: UserID, at time: Date, onlyIfConfirmed: Bool = false,
        in transaction: PostgresTransaction
    ) async throws {
        let due = PostgresTime.milliseconds(time)
        try await transaction.execute(
            """
            INSERT INTO mail_outbox (
                kind, user_id, message_id, ride_id, scheduled_ride_id, queued_at_ms, next_attempt_at_ms
            )
            SELECT \(mail.kind.rawValue), id, \(mail.messageID), \(mail.subject.rideID?.rawValue)::BIGINT, \
            \(mail.subject.scheduledRideID?.rawValue)::BIGINT, \(due), \(due)
            FROM users
            WHERE id = \(userID.rawValue) AND (NOT \(onlyIfConfirmed)::BOOLEAN OR email_confirmed_at_ms IS NOT NULL)
            """
        )
    }
}
