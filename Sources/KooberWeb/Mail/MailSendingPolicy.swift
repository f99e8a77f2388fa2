import Foundation

/// How the sender works through the outbox: batches, retries with exponential backoff, and when it gives up (SPEC.md,
/// "Email": retrying for up to 24 hours).
public struct MailSendingPolicy: Sendable {
    /// Messages claimed and sent on one connection at a time.
    public var batchSize = 50
    /// How long a claimed message is left to its sender before another may claim it. The sender renews the lease of
    /// the messages it still holds as the batch goes on (`renewAfter`), and gives up on a message still in hand
    /// `leaseMargin` before its lease ends, so a slow relay never makes two senders send one message.
    public var lease: Duration = .seconds(15 * 60)
    /// How long before its lease ends a message still in hand is given up on (the connection closed, the message and
    /// the rest of the batch tried again later): room for settling it, and for clocks that differ between processes.
    public var leaseMargin: Duration = .seconds(60)
    /// No message of a batch starts later than this after the claim: the rest are put back, due at once, for any
    /// sender (a slow relay keeps a batch's last messages waiting no longer than this and one message's send).
    public var batchDeadline: Duration = .seconds(5 * 60)
    /// Once this long has passed since the lease was last set, the next message's settling renews the lease of the
    /// rest (a quick batch renews nothing).
    public var renewAfter: Duration = .seconds(60)
    /// The first retry's wait, doubled for each later one up to `longestWait`.
    public var firstWait: Duration = .seconds(30)
    public var longestWait: Duration = .seconds(60 * 60)
    /// How long after it was queued a message that could not be sent is given up.
    public var giveUpAfter: Duration = .seconds(24 * 60 * 60)
    /// The longest the sender sleeps between looks (for what other processes queue).
    public var pollInterval: Duration = .seconds(1)
    /// How long the sender rests after a full batch, as a share of the time the batch took: draining a backlog takes
    /// at most about half of the time of the process's cores from the riders' requests (1: rest as long as it worked).
    /// docs/performance.md, "Mail (issue 31)".
    public var restAfterFullBatch = 1.0

    public init() {}

    /// The wait before the next try of a message tried `attempts` times.
    public func wait(afterAttempts attempts: Int) -> Duration {
        let doublings = min(max(attempts - 1, 0), 20)
        return min(firstWait * (1 << doublings), longestWait)
    }
}
