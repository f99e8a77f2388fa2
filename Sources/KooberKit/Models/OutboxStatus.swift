import Foundation

/// How full the outbox is, for the metrics: how many messages wait, and since when the oldest has.
public struct OutboxStatus: Equatable, Sendable {
    public let queued: Int
    public let oldestQueuedAt: Date?

    public init(queued: Int, oldestQueuedAt: Date?) {
        self.queued = queued
        self.oldestQueuedAt = oldestQueuedAt
    }
}
