import Foundation
import Timekeeping

/// How long a Koober Ops session lives (SPEC.md, "Koober Ops", **Sign in**): it ends after 30 minutes idle and 12 hours
/// in all, whichever comes first. Every request that finds it live records its use (staff are few; an idle end of 30
/// minutes wants the exact last use, not one written every few minutes as riders' sessions are).
public struct StaffSessionPolicy: Sendable {
    public var idleLifetime: Duration = .seconds(30 * 60)
    public var absoluteLifetime: Duration = .seconds(12 * 60 * 60)

    public init() {}

    /// Sessions last used at or before this are idle-ended.
    public func idleCutoff(now: Date) -> Date { now - idleLifetime }
    /// Sessions started at or before this are ended however recently used.
    public func absoluteCutoff(now: Date) -> Date { now - absoluteLifetime }

    /// Whether `session` has ended at `now`, by either lifetime.
    public func isExpired(_ session: StaffSession, now: Date) -> Bool {
        session.lastSeenAt <= idleCutoff(now: now) || session.createdAt <= absoluteCutoff(now: now)
    }
}
