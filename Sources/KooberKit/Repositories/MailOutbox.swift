import Foundation

/// The queue of messages, kept with the data (SPEC.md, "Email"): repositories queue a message in the transaction of
/// what causes it (`OutgoingMail`), and the sender claims, sends and settles them. With several processes on one
/// store, each message is claimed by one of them at a time.
public protocol MailOutbox: Sendable {
    /// Claims at most `limit` messages due by `now`, oldest first: each is counted as one more attempt and is not due
    /// again before `leaseUntil`, so that a sender that dies with it in hand loses nothing (it is sent again then,
    /// with the same `Message-ID`). A message whose rider is gone is not claimed (it went with them).
    ///
    /// A message with a link comes with a fresh token (`OutgoingMail.token`) whose hash replaces its link's, in the
    /// claim's write: the token is never stored, and a token of an earlier claim (a try that failed) ends. A link no
    /// longer valid (used, superseded, expired) gets none: its message has nothing left to say.
    func claimDue(at now: Date, limit: Int, leaseUntil: Date) async throws -> [OutboxEntry]
    /// The messages were accepted by the relay: they leave the outbox (the sender marks each as the relay takes it),
    /// each only if its claim is still the message's latest. A sender whose lease passed leaves the message to the
    /// sender that claimed it since, whose copy is the one to arrive (its link minted by its own claim).
    func markSent(_ claims: [OutboxClaim]) async throws
    /// Tries again at `time` (at once, for a message put back untried), if `claim` is still the message's latest.
    func retry(_ claim: OutboxClaim, at time: Date) async throws
    /// Will not be sent: it leaves the outbox, if `claim` is still the message's latest.
    func giveUp(_ claim: OutboxClaim) async throws
    /// Moves the lease of each of `claims` that still holds at `now` (the message's latest claim, its lease not
    /// passed) to `leaseUntil`, in one write, and returns those. A claim whose lease has passed is lost even if no
    /// other sender has taken the message yet: one may be taking it now.
    func renew(_ claims: [OutboxClaim], at now: Date, leaseUntil: Date) async throws -> [OutboxClaim]
    /// When the next message is due, if any.
    func nextAttemptTime() async throws -> Date?
    /// How many wait, and the oldest's queue time.
    func status() async throws -> OutboxStatus
}
