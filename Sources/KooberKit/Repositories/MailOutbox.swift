import Foundation

/// The queue of messages, kept with the data (SPEC.md, "Email"): repositories queue a message in the transaction of
/// what causes it (`OutgoingMail`), and the sender claims, sends and settles them. With several processes on one
/// store, each message is claimed by one of them at a time.
public protocol MailOutbox: Sendable {
    /// Claims at most `limit` messages due by `now`, oldest first: each is counted as one more attempt and is not due
    /// again before `leaseUntil`, so that a sender that dies with it in hand loses nothing (it is sent again then,
    /// with the same `Message-ID`). A message whose rider is gone is not claimed (it went with them).
    func claimDue(at now: Date, limit: Int, leaseUntil: Date) async throws -> [OutboxEntry]
    /// The messages were accepted by the relay: they leave the outbox, and their tokens with them (a batch's in one
    /// write).
    func markSent(ids: [Int64]) async throws
    /// Tries again at `time`.
    func retry(id: Int64, at time: Date) async throws
    /// Will not be sent: it leaves the outbox.
    func giveUp(id: Int64) async throws
    /// When the next message is due, if any.
    func nextAttemptTime() async throws -> Date?
    /// How many wait, and the oldest's queue time.
    func status() async throws -> OutboxStatus
}
