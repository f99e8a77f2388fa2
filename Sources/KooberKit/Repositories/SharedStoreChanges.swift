import Synchronization

/// What other processes sharing the store changed, as the store hears of it (PostgreSQL's `NOTIFY`), for what this
/// process keeps of its own: the dispatcher looks at rides at once (`onRidesChanged`), and the ride streams of ended
/// sessions end (`onSessionsEnded`). A store only one process uses never tells; this process's own changes are heard
/// too, which is harmless: both handlers only look again.
public final class SharedStoreChanges: Sendable {
    private struct Handlers {
        var ridesChanged: [@Sendable () -> Void] = []
        var sessionsEnded: [@Sendable (UserID) -> Void] = []
    }

    private let handlers = Mutex(Handlers())

    public init() {}

    public func onRidesChanged(_ handler: @escaping @Sendable () -> Void) {
        handlers.withLock { $0.ridesChanged.append(handler) }
    }

    public func onSessionsEnded(_ handler: @escaping @Sendable (UserID) -> Void) {
        handlers.withLock { $0.sessionsEnded.append(handler) }
    }

    /// Rides were stored or changed (or changes may have been missed, after the store was out of reach).
    public func ridesChanged() {
        for handler in handlers.withLock({ $0.ridesChanged }) { handler() }
    }

    /// Some or all of the user's sessions ended (sign-out, Change Password, Sign Out Everywhere, Delete Account).
    public func sessionsEnded(of userID: UserID) {
        for handler in handlers.withLock({ $0.sessionsEnded }) { handler(userID) }
    }
}
