import KooberKit
import NIOCore
import Synchronization

/// Koober Ops' fleet streams, part of the `RideFeed`: each registered within the limits (`RideStreamPolicy`: per
/// staff session, in all), told of every change the feed publishes (and of marks made here), ended with their session
/// (Sign Out) and when the server stops. Beside them, the fleet as last read, shared: however many pages watch, the
/// process reads the fleet at most once per `fleetInterval`, unless a change here made the last read stale.
final class FleetWatchers: Sendable {
    enum Refusal: Error, Equatable {
        case tooManyForSession
        case tooMany
        case stopping
    }

    private struct Entry {
        let stream: any FleetObserver
        let session: StaffTokenHash
    }

    private struct State {
        var entries: [ObjectIdentifier: Entry] = [:]
        var bySession: [StaffTokenHash: Int] = [:]
        var stopping = false
        /// The last read and when (the event loop's uptime clock, whatever the ride clock).
        var recent: (standings: [FleetStanding], readAt: NIODeadline)?
    }

    let policy: RideStreamPolicy
    private let state = Mutex(State())

    init(policy: RideStreamPolicy) {
        self.policy = policy
    }

    /// Streams now registered.
    var count: Int { state.withLock { $0.entries.count } }

    func register(_ stream: any FleetObserver, session: StaffTokenHash) throws(Refusal) {
        try state.withLock { (state) throws(Refusal) in
            guard !state.stopping else { throw .stopping }
            guard state.bySession[session, default: 0] < policy.fleetPerSession else { throw .tooManyForSession }
            guard state.entries.count < policy.fleetTotal else { throw .tooMany }
            state.entries[ObjectIdentifier(stream)] = Entry(stream: stream, session: session)
            state.bySession[session, default: 0] += 1
        }
    }

    func unregister(_ stream: any FleetObserver) {
        state.withLock { state in
            guard let entry = state.entries.removeValue(forKey: ObjectIdentifier(stream)) else { return }
            state.bySession[entry.session, default: 1] -= 1
            if state.bySession[entry.session] == 0 { state.bySession[entry.session] = nil }
            if state.entries.isEmpty { state.recent = nil }
        }
    }

    /// Something may have changed (a ride, a mark): the last read is stale, and every stream looks (coalesced).
    func changed() {
        let streams = state.withLock { state in
            state.recent = nil
            return state.entries.values.map(\.stream)
        }
        for stream in streams { stream.fleetChanged() }
    }

    /// The session ended here (Sign Out): its streams end.
    func sessionEnded(_ session: StaffTokenHash) {
        let ended = state.withLock { state in state.entries.values.filter { $0.session == session }.map(\.stream) }
        for stream in ended { stream.endObservation() }
    }

    /// The server is stopping: every fleet stream ends, and no new one starts.
    func stop() {
        let ended = state.withLock { state in
            state.stopping = true
            return state.entries.values.map(\.stream)
        }
        for stream in ended { stream.endObservation() }
    }

    /// The fleet as read at most `fleetInterval` ago (at `present`, an event loop's now), else read now by `read`.
    /// Two streams asking at once may both read: harmless, and rare at one read a second.
    func standings(
        at present: NIODeadline, read: @Sendable () async throws -> [FleetStanding]
    ) async throws -> [FleetStanding] {
        let interval = TimeAmount(policy.fleetInterval)
        if let kept = state.withLock({ state in
            state.recent.flatMap { present - $0.readAt < interval ? $0.standings : nil }
        }) {
            return kept
        }
        let standings = try await read()
        state.withLock { state in
            if !state.entries.isEmpty { state.recent = (standings, present) }
        }
        return standings
    }
}

/// A fleet stream as the feed sees it.
protocol FleetObserver: AnyObject, Sendable {
    /// Something may have changed: look again, no sooner than the stream's interval allows (any thread).
    func fleetChanged()
    /// The stream is over: its session ended, or the server is stopping (any thread).
    func endObservation()
}
