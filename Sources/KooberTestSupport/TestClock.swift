import Foundation
import Synchronization

/// A clock that tests move by hand, to reach session expiry or the end of a sign-in lockout without waiting.
public final class TestClock: Sendable {
    private let current: Mutex<Date>

    public init(_ start: Date = Date()) {
        current = Mutex(start)
    }

    public var now: Date {
        current.withLock { $0 }
    }

    public func advance(by interval: TimeInterval) {
        current.withLock { $0 += interval }
    }
}
