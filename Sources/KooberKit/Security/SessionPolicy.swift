import Foundation
import Timekeeping

/// The rules of one kind of session: which kind it starts and accepts, and how long one lives (SPEC.md: a browser's
/// 7 days idle and 30 days in all; a Koober Cloud token 30 days).
public struct SessionPolicy: Sendable {
    /// The kind of session this policy starts, and the only kind it accepts (`ResolveUserSessionUseCase`).
    public var kind: SessionKind = .web
    public var idleLifetime: Duration = .seconds(7 * 24 * 3600)
    public var absoluteLifetime: Duration = .seconds(30 * 24 * 3600)
    /// A session's last use is written at most this often: a write per page view would buy nothing but load.
    public var touchInterval: Duration = .seconds(5 * 60)

    /// A browser's session (`web`).
    public init() {}

    /// A Koober Cloud token: 30 days from sign-in, however seldom the app is opened (an app keeps its token in the
    /// keychain for weeks; a week idle would sign a rider out of an app they did not sign out of).
    public static var api: SessionPolicy {
        var policy = SessionPolicy()
        policy.kind = .api
        policy.idleLifetime = policy.absoluteLifetime
        return policy
    }

    public func isExpired(_ session: UserSession, now: Date) -> Bool {
        now.timeIntervalSince(session.lastSeenAt) >= idleLifetime.timeInterval
            || now.timeIntervalSince(session.createdAt) >= absoluteLifetime.timeInterval
    }

    public func needsTouch(_ session: UserSession, now: Date) -> Bool {
        now.timeIntervalSince(session.lastSeenAt) >= touchInterval.timeInterval
    }

    /// Sessions last used before this are idle-expired.
    public func idleCutoff(now: Date) -> Date { now - idleLifetime }
    /// Sessions created before this are expired however recently used.
    public func absoluteCutoff(now: Date) -> Date { now - absoluteLifetime }
}
