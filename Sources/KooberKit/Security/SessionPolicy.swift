import Foundation

/// How long sessions live (SPEC.md: 7 days idle, 30 days in all).
public struct SessionPolicy: Sendable {
    public var idleLifetime: TimeInterval = 7 * 24 * 3600
    public var absoluteLifetime: TimeInterval = 30 * 24 * 3600
    /// A session's last use is written at most this often: a write per page view would buy nothing but load.
    public var touchInterval: TimeInterval = 5 * 60

    public init() {}

    public func isExpired(_ session: UserSession, now: Date) -> Bool {
        now.timeIntervalSince(session.lastSeenAt) >= idleLifetime
            || now.timeIntervalSince(session.createdAt) >= absoluteLifetime
    }

    public func needsTouch(_ session: UserSession, now: Date) -> Bool {
        now.timeIntervalSince(session.lastSeenAt) >= touchInterval
    }

    /// Sessions last used before this are idle-expired.
    public func idleCutoff(now: Date) -> Date { now - idleLifetime }
    /// Sessions created before this are expired however recently used.
    public func absoluteCutoff(now: Date) -> Date { now - absoluteLifetime }
}
