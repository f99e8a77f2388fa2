import EventLoopExecution
import KooberKit
import Logging
import NIOCore
import Synchronization

/// The process's ride observers, by rider: the dispatcher publishes what changed, and each rider's observers hear of
/// their own ride. It also keeps the limits on open streams, and ends streams when their session ends or the server
/// stops.
public final class RideFeed: SessionEndSignal {
    public enum Refusal: Error, Equatable {
        case tooManyForSession
        case tooManyForRider
        case tooMany
        case stopping
    }

    private struct Entry {
        let observer: any RideObserver
        let userID: UserID
        let session: SessionTokenHash
    }

    private struct State {
        var entries: [ObjectIdentifier: Entry] = [:]
        var byUser: [UserID: Set<ObjectIdentifier>] = [:]
        var bySession: [SessionTokenHash: Int] = [:]
        var stopping = false
        /// The streams' timers, one wheel an event loop (kept with their loop, so an identifier is not reused).
        var timerWheels: [ObjectIdentifier: EventLoopTimerWheel] = [:]
    }

    let policy: RideStreamPolicy
    private let state = Mutex(State())

    public init(policy: RideStreamPolicy = RideStreamPolicy()) {
        self.policy = policy
    }

    /// Observers now registered.
    public var count: Int { state.withLock { $0.entries.count } }

    /// Registers `observer` for `userID`'s ride, within the limits.
    func register(_ observer: any RideObserver, userID: UserID, session: SessionTokenHash) throws(Refusal) {
        let id = ObjectIdentifier(observer)
        try state.withLock { (state) throws(Refusal) in
            guard !state.stopping else { throw .stopping }
            guard state.bySession[session, default: 0] < policy.perSession else { throw .tooManyForSession }
            guard state.byUser[userID, default: []].count < policy.perRider else { throw .tooManyForRider }
            guard state.entries.count < policy.total else { throw .tooMany }
            state.entries[id] = Entry(observer: observer, userID: userID, session: session)
            state.byUser[userID, default: []].insert(id)
            state.bySession[session, default: 0] += 1
        }
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
            state.byUser[entry.userID]?.remove(id)
            if state.byUser[entry.userID]?.isEmpty == true { state.byUser[entry.userID] = nil }
            state.bySession[entry.session, default: 1] -= 1
            if state.bySession[entry.session] == 0 { state.bySession[entry.session] = nil }
        }
    }

    /// Tells each ride's rider's observers of it.
    public func publish(_ rides: [Ride]) {
        let deliveries: [(any RideObserver, Ride)] = state.withLock { state in
            rides.flatMap { ride in
                (state.byUser[ride.userID] ?? []).compactMap { id in state.entries[id].map { ($0.observer, ride) } }
            }
        }
        for (observer, ride) in deliveries { observer.rideChanged(ride) }
    }

    /// Ends the streams of a session that has ended (sign-out).
    public func sessionEnded(_ session: SessionTokenHash) {
        let ended = state.withLock { state in state.entries.values.filter { $0.session == session }.map(\.observer) }
        for observer in ended { observer.endObservation() }
    }

    /// Ends the streams of every session of a rider whose sessions have all ended (Change Password, Sign Out
    /// Everywhere, Delete Account), in this process.
    public func sessionsEnded(of userID: UserID) {
        let ended = state.withLock { state in
            (state.byUser[userID] ?? []).compactMap { state.entries[$0]?.observer }
        }
        for observer in ended { observer.endObservation() }
    }

    /// Ends the streams of the rider's sessions that no longer exist: some of them were ended elsewhere (another
    /// process), and the store only says whose. Streams whose session cannot be checked now go on.
    public func endEndedSessions(of userID: UserID, sessions: any UserSessionRepository, logger: Logger) async {
        let open = state.withLock { state in
            Set((state.byUser[userID] ?? []).compactMap { state.entries[$0]?.session })
        }
        for session in open {
            do {
                if try await sessions.session(tokenHash: session) == nil { sessionEnded(session) }
            } catch {
                logger.error("Could not check whether a session with a ride stream ended: \(error)")
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
    }
}
