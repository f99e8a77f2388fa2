import Foundation
import KooberKit
import PostgresNIO

/// The outbox, `mail_outbox`, shared by every process's sender: a claim takes the due rows no other claim holds
/// (`FOR UPDATE SKIP LOCKED`) and moves them past the lease in the same statement, so each message is in one sender's
/// hands at a time, however many processes claim at once.
extension PostgresAccountLinkRepository: MailOutbox {
    /// The longest due are claimed first, and returned oldest first (by queue time). A message whose rider is gone is not found: it went
    /// with them (`ON DELETE CASCADE`).
    public func claimDue(at now: Date, limit: Int, leaseUntil: Date) async throws -> [OutboxEntry] {
        let entries = try await database.query(
            """
            WITH claimed AS (
                UPDATE mail_outbox AS m
                SET attempts = m.attempts + 1, next_attempt_at_ms = \(PostgresTime.milliseconds(leaseUntil))
                FROM (
                    SELECT id FROM mail_outbox
                    WHERE next_attempt_at_ms <= \(PostgresTime.milliseconds(now))
                    ORDER BY next_attempt_at_ms, id LIMIT \(Int64(max(0, limit)))
                    FOR UPDATE SKIP LOCKED
                ) AS due
                WHERE m.id = due.id
                RETURNING m.id, m.kind, m.user_id, m.message_id, m.ride_id, m.scheduled_ride_id, m.queued_at_ms,
                    m.attempts
            )
            SELECT c.id AS entry_id, c.kind, c.message_id, c.ride_id, c.scheduled_ride_id, c.queued_at_ms, c.attempts,
                u.id, u.name, u.nickname, u.email, u.mobile_number, u.language
            FROM claimed AS c JOIN users AS u ON u.id = c.user_id
            ORDER BY c.queued_at_ms, c.id
            """
        )
        .map(Self.entry(from:))
        return try await withFreshTokens(entries, at: now)
    }

    /// The entries, each link's message with a fresh token whose hash replaces its link's while the link is valid at
    /// `now` (one statement for the batch), so no token is stored; a link no longer valid gets none.
    private func withFreshTokens(_ entries: [OutboxEntry], at now: Date) async throws -> [OutboxEntry] {
        let drawn = entries.filter { $0.mail.kind.linkPurpose != nil }.map {
            (messageID: $0.mail.messageID, token: SessionToken.generate())
        }
        guard !drawn.isEmpty else { return entries }
        let tokens = Dictionary(uniqueKeysWithValues: drawn.map { ($0.messageID, $0.token) })
        let messageIDs = drawn.map(\.messageID)
        let hashes = drawn.map(\.token.hash.hex)
        let minted = try await database.query(
            """
            UPDATE account_links AS l SET token_hash = t.token_hash
            FROM unnest(\(messageIDs)::TEXT[], \(hashes)::TEXT[]) AS t(message_id, token_hash)
            WHERE l.message_id = t.message_id AND l.expires_at_ms > \(PostgresTime.milliseconds(now))
            RETURNING l.message_id
            """
        )
        let valid = Set(try minted.map { try $0.decode(String.self) })
        return entries.map { entry in
            guard let token = tokens[entry.mail.messageID], valid.contains(entry.mail.messageID) else { return entry }
            return OutboxEntry(
                id: entry.id, mail: entry.mail.carrying(token: token.value), recipient: entry.recipient,
                queuedAt: entry.queuedAt, attempts: entry.attempts)
        }
    }

    public func markSent(_ claims: [OutboxClaim]) async throws {
        guard !claims.isEmpty else { return }
        let ids = claims.map(\.id)
        let attempts = claims.map { Int32($0.attempt) }
        try await database.query(
            """
            DELETE FROM mail_outbox AS m USING unnest(\(ids)::BIGINT[], \(attempts)::INTEGER[]) AS c(id, attempts)
            WHERE m.id = c.id AND m.attempts = c.attempts
            """
        )
    }

    public func retry(_ claim: OutboxClaim, at time: Date) async throws {
        try await database.query(
            """
            UPDATE mail_outbox SET next_attempt_at_ms = \(PostgresTime.milliseconds(time))
            WHERE id = \(claim.id) AND attempts = \(Int32(claim.attempt))
            """
        )
    }

    public func giveUp(_ claim: OutboxClaim) async throws {
        try await database.query(
            "DELETE FROM mail_outbox WHERE id = \(claim.id) AND attempts = \(Int32(claim.attempt))")
    }

    /// One statement: a row another sender has claimed since (its attempts moved on) or whose lease has passed is not
    /// touched, and a claim racing it waits for the row's lock and then sees the lease moved.
    public func renew(_ claims: [OutboxClaim], at now: Date, leaseUntil: Date) async throws -> [OutboxClaim] {
        guard !claims.isEmpty else { return [] }
        let ids = claims.map(\.id)
        let attempts = claims.map { Int32($0.attempt) }
        let renewed = try await database.query(
            """
            UPDATE mail_outbox AS m SET next_attempt_at_ms = \(PostgresTime.milliseconds(leaseUntil))
            FROM unnest(\(ids)::BIGINT[], \(attempts)::INTEGER[]) AS c(id, attempts)
            WHERE m.id = c.id AND m.attempts = c.attempts
                AND m.next_attempt_at_ms > \(PostgresTime.milliseconds(now))
            RETURNING m.id
            """
        )
        let held = Set(try renewed.map { try $0.decode(Int64.self) })
        return claims.filter { held.contains($0.id) }
    }

    public func nextAttemptTime() async throws -> Date? {
        try await database.query("SELECT min(next_attempt_at_ms) FROM mail_outbox")
            .first?.decode(Int64?.self).map(PostgresTime.date(milliseconds:))
    }

    public func status() async throws -> OutboxStatus {
        let row = try await database.query("SELECT count(*), min(queued_at_ms) FROM mail_outbox")[0]
        let (queued, oldest) = try row.decode((Int64, Int64?).self)
        return OutboxStatus(queued: Int(queued), oldestQueuedAt: oldest.map(PostgresTime.date(milliseconds:)))
    }

    /// An entry from a claimed row joined to its rider (`claimDue`'s columns).
    private static func entry(from row: PostgresRow) throws -> OutboxEntry {
        let columns = row.makeRandomAccess()
        let kind = try columns["kind"].decode(String.self)
        guard let mailKind = MailKind(rawValue: kind) else {
            throw PostgresStoreError.invalidValue("\(kind) is not a kind of mail")
        }
        return OutboxEntry(
            id: try columns["entry_id"].decode(Int64.self),
            mail: OutgoingMail(
                kind: mailKind,
                messageID: try columns["message_id"].decode(String.self),
                token: nil,
                subject: MailSubject(
                    rideID: try columns["ride_id"].decode(Int64?.self),
                    scheduledRideID: try columns["scheduled_ride_id"].decode(Int64?.self))
            ),
            recipient: try PostgresUserRepository.profile(from: row),
            queuedAt: PostgresTime.date(milliseconds: try columns["queued_at_ms"].decode(Int64.self)),
            attempts: Int(try columns["attempts"].decode(Int32.self))
        )
    }
}
