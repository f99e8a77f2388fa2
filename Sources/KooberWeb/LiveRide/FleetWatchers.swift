import Foundation
import KooberKit
import NIOCore
import Synchronization

/// Koober Ops' fleet streams, part of the `RideFeed`: each registered within the limits (`RideStreamPolicy`: per
/// staff session, in all), told of every change the feed publishes (and of marks made here), ended with their session
/// (Sign Out) and when the server stops. Beside them, the fleet as last read, shared (`FleetUpdate`): however many pages
/// watch, the process reads the fleet, works out what changed and encodes it at most once per `fleetInterval`, unless a
/// change here made the last reading stale, and one reading at a time.
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

    /// Where a stream's reading comes from.
    private enum Source {
        case kept(FleetUpdate)
        case reading(Task<FleetUpdate, any Error>)
    }

    private struct State {
        var entries: [ObjectIdentifier: Entry] = [:]
        var bySession: [StaffTokenHash: Int] = [:]
        var stopping = false
        /// The last reading, when it was asked for (an event loop's uptime clock, whatever the ride clock), and whether
        /// a change since has made it stale (it stays, to tell what changed after it).
        var latest: (update: FleetUpdate, readAt: NIODeadline, isStale: Bool)?
        /// The reading under way, which every stream asking meanwhile waits for, unless a change has come since it
        /// began (it may have read before the change: a stream asking after the change, a page just loaded after a
        /// mark, starts a new one rather than be told what the page already shows is not so).
        var reading: (task: Task<FleetUpdate, any Error>, isStale: Bool)?
        var generations = 0
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
            if state.entries.isEmpty { state.latest = nil }
        }
    }

    /// Something may have changed (a ride, a mark): the last read is stale, and every stream looks (coalesced).
    func changed() {
        let streams = state.withLock { state in
            state.latest?.isStale = true
            state.reading?.isStale = true
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

    /// The fleet as read at most `fleetInterval` before `present` (an event loop's now) and not made stale since, else
    /// read now by `read` and placed at `now()` on the ride clock: the reading under way if there is one, else a new
    /// one, off the event loop.
    func update(
        at present: NIODeadline, read: @escaping @Sendable () async throws -> [FleetStanding],
        now: @escaping @Sendable () -> Date
    ) async throws -> FleetUpdate {
        let interval = TimeAmount(policy.fleetInterval)
        let source = state.withLock { state -> Source in
            if let latest = state.latest, !latest.isStale, present - latest.readAt < interval {
                return .kept(latest.update)
            }
            if let reading = state.reading, !reading.isStale { return .reading(reading.task) }
            state.generations += 1
            let (generation, previous) = (state.generations, state.latest?.update)
            let task = Task {
                let statuses = try await read().map { $0.status(at: now()) }
                return FleetUpdate(generation: generation, statuses: statuses, after: previous)
            }
            state.reading = (task, false)
            return .reading(task)
        }
        let reading: Task<FleetUpdate, any Error>
        switch source {
        case .kept(let update): return update
        case .reading(let task): reading = task
        }
        let result = await reading.result
        state.withLock { state in
            // A reading a newer one replaced is not kept: it was stale, and the newer one compares with the one kept.
            guard let current = state.reading, current.task == reading else { return }
            state.reading = nil
            if case .success(let update) = result, !state.entries.isEmpty {
                state.latest = (update, present, current.isStale)
            }
        }
        return try result.get()
    }
}

/// A fleet stream as the feed sees it.
protocol FleetObserver: AnyObject, Sendable {
    /// Something may have changed: look again, no sooner than the stream's interval allows (any thread).
    func fleetChanged()
    /// The stream is over: its session ended, or the server is stopping (any thread).
    func endObservation()
}
