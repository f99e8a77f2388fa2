import Foundation
import KooberKit

/// Mailed links (`account_links`), whether emails are confirmed (`users.email_confirmed_at_ms`), and the outbox
/// (`mail_outbox`): one type, since issuing a link and queueing its message are one transaction. One process serves
/// an SQLite file, so a claim needs no lock beyond the write's own.
public struct SQLiteAccountLinkRepository: AccountLinkRepository, MailOutbox {
    private let database: SQLiteDatabase

    public init(database: SQLiteDatabase) {
        self.database = database
    }

    public func issue(_ link: AccountLinkIssue, for userID: UserID) async throws {
        try await database.write { connection in
            let exists = try !connection.query("SELECT 1 FROM users WHERE id = ?", [.integer(userID.rawValue)]).isEmpty
            guard exists else { return }
            try Self.issue(link, for: userID, on: connection)
        }
    }

    /// The same statements as `issue`, for a user id no one has (`UserID.decoy`): both tables check their rider at the
    /// commit (migration 15), and by then the rows are taken out again, so the write touches the pages a link does and
    /// keeps nothing. (Not `PRAGMA defer_foreign_keys`: a pragma that changes a flag expires every prepared statement.)
    public func issueDecoy(_ link: AccountLinkIssue) async throws {
        try await database.write { connection in
            let userID = UserID.decoy
            _ = try connection.query("SELECT 1 FROM users WHERE id = ?", [.integer(userID.rawValue)])
            try Self.issue(link, for: userID, on: connection)
            try connection.execute("DELETE FROM account_links WHERE token_hash = ?", [.text(link.tokenHash.hex)])
            try connection.execute("DELETE FROM mail_outbox WHERE message_id = ?", [.text(link.mail.messageID)])
        }
    }

    /// Stores `link` and queues its message on `connection`, in the caller's transaction (Sign Up's too), ending the
    /// rider's earlier links of its purpose. The link knows its message by its `Message-ID`, by which a claim draws the
    /// token it mails (`claimDue`); the caller has the user's row.
    static func issue(_ link: AccountLinkIssue, for userID: UserID, on connection: SQLiteConnection) throws {
        try connection.execute(
            "DELETE FROM account_links WHERE user_id = ? AND purpose = ?",
            [.integer(userID.rawValue), .text(link.purpose.rawValue)])
        try connection.execute(
            """
            INSERT INTO account_links (token_hash, purpose, user_id, expires_at_ms, message_id) VALUES (?, ?, ?, ?, ?)
            """,
            [
                .text(link.tokenHash.hex), .text(link.purpose.rawValue), .integer(userID.rawValue),
                .unixMilliseconds(link.expiresAt), .text(link.mail.messageID),
            ])
        try connection.execute(
            """
            INSERT INTO mail_outbox (kind, user_id, message_id, ride_id, queued_at_ms, next_attempt_at_ms)
            VALUES (?, ?, ?, NULL, ?, ?)
            """,
            [
                .text(link.mail.kind.rawValue), .integer(userID.rawValue), .text(link.mail.messageID),
                .unixMilliseconds(link.issuedAt), .unixMilliseconds(link.issuedAt),
            ])
    }

    /// Whom a message queued by a change is for: a rider named by their id, or the rider of a ride.
    enum Recipient {
        case user(UserID)
        case riderOf(RideID)
    }

    /// Queues `mail` for `recipient` in the caller's transaction, only if the rider's email is confirmed (a receipt, a
    /// scheduled ride's mail; a link's message goes with `issue`): an unconfirmed rider's is not queued. Every value
    /// is bound; the subject goes in its own column (`ride_id` or `scheduled_ride_id`).
    static func queueIfConfirmed(
        _ mail: OutgoingMail, for recipient: Recipient, at time: Date, on connection: SQLiteConnection
    ) throws {
        let (sql, id) =
            switch recipient {
            case .user(let userID): (queueForUserSQL, userID.rawValue)
            case .riderOf(let rideID): (queueForRiderOfRideSQL, rideID.rawValue)
            }
        try connection.execute(
            sql,
            [
                .text(mail.kind.rawValue), .text(mail.messageID),
                mail.subject.rideID.map { .integer($0.rawValue) } ?? .null,
                mail.subject.scheduledRideID.map { .integer($0.rawValue) } ?? .null,
                .unixMilliseconds(time), .integer(id),
            ])
    }

    /// `queueIfConfirmed`'s insert for a rider by id (`?1` kind, `?2` message id, `?3` ride, `?4` scheduled ride,
    /// `?5` time, `?6` the rider).
    private static let queueForUserSQL = """
        INSERT INTO mail_outbox (
            kind, user_id, message_id, ride_id, scheduled_ride_id, queued_at_ms, next_attempt_at_ms
        )
        SELECT ?1, id, ?2, ?3, ?4, ?5, ?5 FROM users WHERE id = ?6 AND email_confirmed_at_ms IS NOT NULL
        """

    /// `queueIfConfirmed`'s insert for the rider of a ride (`?6` the ride).
    private static let queueForRiderOfRideSQL = """
        INSERT INTO mail_outbox (
            kind, user_id, message_id, ride_id, scheduled_ride_id, queued_at_ms, next_attempt_at_ms
        )
        SELECT ?1, id, ?2, ?3, ?4, ?5, ?5 FROM users
        WHERE id = (SELECT user_id FROM rides WHERE id = ?6) AND email_confirmed_at_ms IS NOT NULL
        """

    public func user(of purpose: AccountLinkPurpose, tokenHash: SessionTokenHash, at now: Date) async throws
        -> UserID?
    {
        try await database.read { connection in
            try Self.validLink(purpose, tokenHash: tokenHash, at: now, on: connection)
        }
    }

    private static func validLink(
        _ purpose: AccountLinkPurpose, tokenHash: SessionTokenHash, at now: Date, on connection: SQLiteConnection
    ) throws -> UserID? {
        try connection.query(
            "SELECT user_id FROM account_links WHERE token_hash = ? AND purpose = ? AND expires_at_ms > ?",
            [.text(tokenHash.hex), .text(purpose.rawValue), .unixMilliseconds(now)]
        )
        .first.map { UserID(try $0.int64("user_id")) }
    }

    public func confirmEmail(tokenHash: SessionTokenHash, at now: Date) async throws -> UserID? {
        try await database.write { connection in
            guard let userID = try Self.validLink(.emailConfirmation, tokenHash: tokenHash, at: now, on: connection)
            else { return nil }
            try connection.execute("DELETE FROM account_links WHERE token_hash = ?", [.text(tokenHash.hex)])
            try connection.execute(
                "UPDATE users SET email_confirmed_at_ms = coalesce(email_confirmed_at_ms, ?) WHERE id = ?",
                [.unixMilliseconds(now), .integer(userID.rawValue)])
            return userID
        }
    }

    public func resetPassword(tokenHash: SessionTokenHash, passwordHash: String, at now: Date) async throws
        -> StoredCredentials?
    {
        try await database.write { connection in
            guard let userID = try Self.validLink(.passwordReset, tokenHash: tokenHash, at: now, on: connection)
            else { return nil }
            try SQLiteUserRepository.setPasswordHash(passwordHash, of: userID, on: connection)
            _ = try SQLiteUserSessionRepository.endSessions(of: userID, keeping: nil, on: connection)
            return try connection.query(
                "SELECT \(SQLiteUserRepository.credentialColumns) FROM users WHERE id = ?", [.integer(userID.rawValue)]
            )
            .first.map(SQLiteUserRepository.credentials(from:))
        }
    }

    public func isEmailConfirmed(userID: UserID) async throws -> Bool {
        try await database.read { connection in
            try !connection.query(
                "SELECT 1 FROM users WHERE id = ? AND email_confirmed_at_ms IS NOT NULL", [.integer(userID.rawValue)]
            )
            .isEmpty
        }
    }

    public func claimDue(at now: Date, limit: Int, leaseUntil: Date) async throws -> [OutboxEntry] {
        try await database.write { connection in
            try connection.query(
                """
                UPDATE mail_outbox SET attempts = attempts + 1, next_attempt_at_ms = ?
                WHERE id IN (
                    SELECT id FROM mail_outbox WHERE next_attempt_at_ms <= ?
                    ORDER BY next_attempt_at_ms, id LIMIT ?
                )
                RETURNING id, kind, user_id, message_id, ride_id, scheduled_ride_id, queued_at_ms, attempts
                """,
                [.unixMilliseconds(leaseUntil), .unixMilliseconds(now), .integer(Int64(max(limit, 0)))]
            )
            .compactMap { row in try Self.entry(from: row, at: now, on: connection) }
            .sorted { ($0.queuedAt, $0.id) < ($1.queuedAt, $1.id) }
        }
    }

    /// The entry of a claimed row, with a fresh token for a link's message (`mintToken`).
    private static func entry(from row: SQLiteRow, at now: Date, on connection: SQLiteConnection) throws
        -> OutboxEntry?
    {
        guard let kind = MailKind(rawValue: try row.string("kind")) else {
            throw SQLiteError.invalidValue(column: "kind", reason: "not a kind of mail")
        }
        let recipient = try connection.query(
            "SELECT id, name, nickname, email, mobile_number, language FROM users WHERE id = ?", [row.value("user_id")]
        )
        .first.map(SQLiteUserRepository.profile(from:))
        guard let recipient else { return nil }
        let messageID = try row.string("message_id")
        let token = kind.linkPurpose == nil ? nil : try mintToken(forMessage: messageID, at: now, on: connection)
        let subject = MailSubject(
            rideID: try row.optional("ride_id", row.int64),
            scheduledRideID: try row.optional("scheduled_ride_id", row.int64))
        let mail = OutgoingMail(kind: kind, messageID: messageID, token: token, subject: subject)
        return OutboxEntry(
            id: try row.int64("id"), mail: mail, recipient: recipient,
            queuedAt: try row.millisecondsDate("queued_at_ms"), attempts: try row.int("attempts"))
    }

    /// A fresh token for the link that message `messageID` carries, its hash stored in place of the link's, while the
    /// link is valid at `now`; `nil` when it is not (used, superseded, expired).
    private static func mintToken(forMessage messageID: String, at now: Date, on connection: SQLiteConnection) throws
        -> String?
    {
        let token = SessionToken.generate()
        let minted = try connection.query(
            "UPDATE account_links SET token_hash = ? WHERE message_id = ? AND expires_at_ms > ? RETURNING 1",
            [.text(token.hash.hex), .text(messageID), .unixMilliseconds(now)])
        return minted.isEmpty ? nil : token.value
    }

    public func markSent(_ claims: [OutboxClaim]) async throws {
        guard !claims.isEmpty else { return }
        try await database.write { connection in
            for claim in claims {
                try connection.execute(
                    "DELETE FROM mail_outbox WHERE id = ? AND attempts = ?",
                    [.integer(claim.id), .integer(Int64(claim.attempt))])
            }
        }
    }

    public func retry(_ claim: OutboxClaim, at time: Date) async throws {
        try await database.write { connection in
            try connection.execute(
                "UPDATE mail_outbox SET next_attempt_at_ms = ? WHERE id = ? AND attempts = ?",
                [.unixMilliseconds(time), .integer(claim.id), .integer(Int64(claim.attempt))])
        }
    }

    public func giveUp(_ claim: OutboxClaim) async throws {
        try await database.write { connection in
            try connection.execute(
                "DELETE FROM mail_outbox WHERE id = ? AND attempts = ?",
                [.integer(claim.id), .integer(Int64(claim.attempt))])
        }
    }

    public func renew(_ claims: [OutboxClaim], at now: Date, leaseUntil: Date) async throws -> [OutboxClaim] {
        guard !claims.isEmpty else { return [] }
        return try await database.write { connection in
            var renewed: [OutboxClaim] = []
            for claim in claims {
                let held = try connection.query(
                    """
                    UPDATE mail_outbox SET next_attempt_at_ms = ?
                    WHERE id = ? AND attempts = ? AND next_attempt_at_ms > ?
                    RETURNING id
                    """,
                    [
                        .unixMilliseconds(leaseUntil), .integer(claim.id), .integer(Int64(claim.attempt)),
                        .unixMilliseconds(now),
                    ])
                if !held.isEmpty { renewed.append(claim) }
            }
            return renewed
        }
    }

    public func nextAttemptTime() async throws -> Date? {
        try await database.read { connection in
            let row = try connection.query("SELECT min(next_attempt_at_ms) AS next FROM mail_outbox")[0]
            return try row.optional("next", row.millisecondsDate)
        }
    }

    public func status() async throws -> OutboxStatus {
        try await database.read { connection in
            let row = try connection.query("SELECT count(*) AS queued, min(queued_at_ms) AS oldest FROM mail_outbox")[0]
            return OutboxStatus(
                queued: try row.int("queued"), oldestQueuedAt: try row.optional("oldest", row.millisecondsDate))
        }
    }
}
