import Foundation

/// A rider's account locked by Koober Ops (**Lock Account**): when, and the reason the staff member gave. While it
/// holds, the rider has no session or token, and every sign-in (pages and API) is refused.
public struct AccountLock: Equatable, Sendable {
    public let lockedAt: Date
    public let reason: String

    public init(lockedAt: Date, reason: String) {
        self.lockedAt = lockedAt
        self.reason = reason
    }
}
