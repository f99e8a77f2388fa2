import KooberKit
import Synchronization

/// Records which sessions (and share links) use cases said had ended.
public final class SessionEndSignalSpy: SessionEndSignal, RideShareEndSignal {
    public enum Ended: Equatable, Sendable {
        case session(SessionTokenHash)
        case allOf(UserID)
        case sharingOf(UserID)
    }

    private let recorded = Mutex<[Ended]>([])

    public init() {}

    public func sessionEnded(_ session: SessionTokenHash) {
        recorded.withLock { $0.append(.session(session)) }
    }

    public func sessionsEnded(of userID: UserID) {
        recorded.withLock { $0.append(.allOf(userID)) }
    }

    public func sharingEnded(of userID: UserID) {
        recorded.withLock { $0.append(.sharingOf(userID)) }
    }

    /// What was said, in order.
    public var ended: [Ended] { recorded.withLock { $0 } }
}
