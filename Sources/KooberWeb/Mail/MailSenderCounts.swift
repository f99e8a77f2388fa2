import Foundation

/// What the sender has done since it started, and the outbox as it last looked, for the metrics (plain numbers, read
/// when Prometheus scrapes).
public struct MailSenderCounts: Equatable, Sendable {
    public var sent = 0
    /// Tries that failed for now and were put off (a relay down, a 4xx).
    public var retried = 0
    /// Messages given up: refused for good (a 5xx), or still not sent after `MailSendingPolicy.giveUpAfter`.
    public var failed = 0
    /// Messages waiting, and the oldest's queue time.
    public var queued = 0
    public var oldestQueuedAt: Date?

    public init() {}
}
