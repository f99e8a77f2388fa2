import EventLoopExecution
import KooberKit
import Logging
import NIOCore
import Synchronization

/// The process's ride observers, by rider: the dispatcher publishes what changed, and each rider's observers hear of
/// their own ride, and each shared ride's watchers of that ride. It also keeps the limits on open streams, and ends
/// streams when their session ends, their share link ends, or the server stops.
public final class RideFeed: SessionEndSignal, RideShareEndSignal {
    public enum Refusal: Error, Equatable {
        case tooManyForSession
        case tooManyForRider
        case tooManyForSharedRide
        case tooMany
        case stopping
    }

    private struct Entry {
        let observer: any RideObserver
        let userID: UserID
        let watcher: RideWatcher
    }

    private struct State {
        var entries: [ObjectIdentifier: Entry] = [:]
        /// The rider's own streams (the ones `perRider` counts).
        var byUser: [UserID: Set<ObjectIdentifier>] = [:]
        var bySession: [SessionTokenHash: Int] = [:]
        /// The watchers of the rider's shared rides: they count toward `total` only, and `perSharedRide` each ride.
        var sharesByUser: [UserID: Set<ObjectIdentifier>] = [:]
        var bySharedRide: [RideID: Int] = [:]
        var stopping = false
        /// The streams' timers, one wheel an event loop (kept with their loop, so an identifier is not reused).
        var timerWheels: [ObjectIdentifier: EventLoopTimerWheel] = [:]
    }

    let policy: RideStreamPolicy
    private let state = Mutex(State())
    /// Koober Ops' fleet streams, on the same feed: they hear every change published here, and end with it.
    let fleet: FleetWatchers

    public init(policy: RideStreamPolicy = RideStreamPolicy()) {
        self.policy = policy
        fleet = FleetWatchers(policy: policy)
    }

    /// Observers now registered.
    public var count: Int { state.withLock { $0.entries.count } }

    /// The entries of the indexes beside them (riders, sessions, shared rides): for tests, none once every observer
    /// has gone, so the feed holds nothing for a stream that has ended.
    var indexEntries: Int {
        state.withLock { $0.byUser.count + $0.bySession.count + $0.sharesByUser.count + $0.bySharedRide.count }
    }

    /// Registers `observer` for `userID`'s ride as `watcher` (the rider's session, or a share link's watcher), within
    /// the limits.
    func register(_ observer: any RideObserver, userID: UserID, watcher: RideWatcher) throws(Refusal) {
        let id = ObjectIdentifier(observer)
        try state.withLock { (state) throws(Refusal) in
            guard !state.stopping else { throw .stopping }
            switch watcher {
            case .rider(let session):
                guard state.bySession[session, default: 0] < policy.perSession else { throw .tooManyForSession }
                guard state.byUser[userID, default: []].count < policy.perRider else { throw .tooManyForRider }
            case .share(_, let rideID):
                guard state.bySharedRide[rideID, default: 0] < policy.perSharedRide else {
                    throw .tooManyForSharedRide
                }
            }
            guard state.entries.count < policy.total else { throw .tooMany }
            state.entries[id] = Entry(observer: observer, userID: userID, watcher: watcher)
            switch watcher {
            case .rider(let session):
                state.byUser[userID, default: []].insert(id)
                state.bySession[session, default: 0] += 1
            case .share(_, let rideID):
                state.sharesByUser[userID, default: []].insert(id)
                state.bySharedRide[rideID, default: 0] += 1
            }
        }
    }

    /// Registers `observer` for `userID`'s ride in the rider's `session`, within the limits.
    func register(_ observer: any RideObserver, userID: UserID, session: SessionTokenHash) throws(Refusal) {
        try register(observer, userID: userID, watcher: .rider(session: session))
    }

    /// The timer wheel of the streams on `eventLoop`.
    func timerWheel(on eventLoop: any EventLoop) -> EventLoopTimerWheel {
        state.withLock { state in
            let id = ObjectIdentifier(eventLoop)
            if let wheel = state.timerWheels[id] { return wheel }
            let wheel = EventLoopTimerWheel(eventLoop: eventLoop)
            state.timerWheels[id] = wheel
            return wheel
        }
    }

    func unregister(_ observer: any RideObserver) {
        let id = ObjectIdentifier(observer)
        state.withLock { state in
            guard let entry = state.entries.removeValue(forKey: id) else { return }
            switch entry.watcher {
            case .rider(let session):
                state.byUser[entry.userID]?.remove(id)
                if state.byUser[entry.userID]?.isEmpty == true { state.byUser[entry.userID] = nil }
                state.bySession[session, default: 1] -= 1
                if state.bySession[session] == 0 { state.bySession[session] = nil }
            case .share(_, let rideID):
                state.sharesByUser[entry.userID]?.remove(id)
                if state.sharesByUser[entry.userID]?.isEmpty == true { state.sharesByUser[entry.userID] = nil }
                state.bySharedRide[rideID, default: 1] -= 1
                if state.bySharedRide[rideID] == 0 { state.bySharedRide[rideID] = nil }
            }
        }
    }

    /// Tells each ride's rider's observers of it, and the watchers of that ride's share link.
    public func publish(_ rides: [Ride]) {
        let deliveries: [(any RideObserver, Ride)] = state.withLock { state in
            rides.flatMap { ride in
                let own = (state.byUser[ride.userID] ?? []).compactMap { state.entries[$0] }
                let watchers = (state.sharesByUser[ride.userID] ?? []).compactMap { state.entries[$0] }
                    .filter { $0.watcher.sharedRideID == ride.id }
                return (own + watchers).map { ($0.observer, ride) }
            }
        }
        for (observer, ride) in deliveries { observer.rideChanged(ride) }
        if !rides.isEmpty { fleet.changed() }
    }

    /// Ends the streams of a session that has ended (sign-out).
    public func sessionEnded(_ session: SessionTokenHash) {
        end { $0.watcher == .rider(session: session) }
    }

    /// Ends the streams of every session of a rider whose sessions have all ended (Change Password, Sign Out
    /// Everywhere, Reset Password, Delete Account), and of their share links, which end with them, in this process.
    public func sessionsEnded(of userID: UserID) {
        end(of: userID, own: true)
    }

    /// Ends the streams of the rider's share links (Stop Sharing, a link replaced), in this process.
    public func sharingEnded(of userID: UserID) {
        end(of: userID, own: false)
    }

    private func end(where ending: (Entry) -> Bool) {
        let ended = state.withLock { state in state.entries.values.filter(ending).map(\.observer) }
        for observer in ended { observer.endObservation() }
    }

    /// Ends the streams of `userID`'s share links that `ending` picks, and their own streams too when `own`: found by
    /// the rider's indexes, never by a look at every stream of the process.
    private func end(of userID: UserID, own: Bool, where ending: (RideWatcher) -> Bool = { _ in true }) {
        let ended = state.withLock { state in
            let streams = (state.sharesByUser[userID] ?? []).union(own ? state.byUser[userID] ?? [] : [])
            return streams.compactMap { state.entries[$0] }.filter { ending($0.watcher) }.map(\.observer)
        }
        for observer in ended { observer.endObservation() }
    }

    /// Ends the streams of the rider's sessions and share links that no longer exist: some of them were ended
    /// elsewhere (another process), and the store only says whose. Streams whose session or link cannot be checked
    /// now go on.
    public func endEndedSessions(
        of userID: UserID, sessions: any UserSessionRepository, shares: any RideShareRepository, logger: Logger
    ) async {
        let open = state.withLock { state in
            Set(
                ((state.byUser[userID] ?? []).union(state.sharesByUser[userID] ?? [])).compactMap {
                    state.entries[$0]?.watcher
                })
        }
        for watcher in open {
            do {
                switch watcher {
                case .rider(let session):
                    if try await sessions.session(tokenHash: session) == nil { sessionEnded(session) }
                case .share(let link, _):
                    if try await shares.owner(tokenHash: link) == nil { end(of: userID, own: false) { $0 == watcher } }
                }
            } catch {
                logger.error("Could not check whether a session or share link with a ride stream ended: \(error)")
            }
        }
    }

    /// The server is stopping: every stream ends now, and no new one starts.
    public func stop() {
        let ended = state.withLock { state in
            state.stopping = true
            return state.entries.values.map(\.observer)
        }
        for observer in ended { observer.endObservation() }
        fleet.stop()
    }
}
