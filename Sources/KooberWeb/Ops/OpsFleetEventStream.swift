import Foundation
import HTTPServer
import KooberKit
import NIOCore
import Synchronization

/// `GET /ops/fleet/events` for one staff page: the fleet as Server-Sent Events, registered with the `RideFeed`'s
/// fleet watchers (`FleetWatchers`) from the request until the stream closes.
///
/// The first event (`fleet`) is every animal; each later one only the animals that changed since the last one sent (in
/// state, words, or by a whole pixel of the map). A stream sends at most one update per `fleetInterval` (1 s): a change
/// published on the feed (a ride changed, a mark made here) makes it look at once if the last update is older than
/// that, else when it is due; and it looks once per interval anyway, for what other processes changed (marks there,
/// rides whose news comes late) and for the animals moving. Each look takes the process's shared reading
/// (`FleetUpdate`: at most one a second, read, compared and encoded once for every stream, off the event loop), whose
/// positions are worked out from what is stored at the ride clock's now, as the ride page's animal is; the stream only
/// picks the bytes it is due. A comment line every `heartbeatInterval` of silence keeps proxies from closing it.
///
/// It ends when its staff session would end without use (idle or absolute, from the session as the request found it:
/// it sends `event: end` first, so the page's script stops rather than reconnects, and a page left open does not keep a
/// session alive), at Sign Out in this process, and when the server stops. While the client does not read it
/// writes nothing (the server closes a client that does not read within its client read timeout).
final class OpsFleetEventStream: ResponseBodyStream, FleetObserver {
    private struct State {
        var writer: ResponseBodyWriter?
        /// The reading (`FleetUpdate.generation`) last sent.
        var sent: Int?
        var lastLook = NIODeadline.uptimeNanoseconds(0)
        var lastWrite = NIODeadline.uptimeNanoseconds(0)
        var looking = false
        var lookAgain = false
        var timer: Scheduled<Void>?
        var endTimer: Scheduled<Void>?
        var ended = false
    }

    private let watchers: FleetWatchers
    private let read: @Sendable () async throws -> [FleetStanding]
    private let now: @Sendable () -> Date
    private let sessionEnds: Date
    private let state = Mutex(State())

    init(
        watchers: FleetWatchers, sessionEnds: Date, now: @escaping @Sendable () -> Date,
        read: @escaping @Sendable () async throws -> [FleetStanding]
    ) {
        self.watchers = watchers
        self.sessionEnds = sessionEnds
        self.now = now
        self.read = read
    }

    private var interval: TimeAmount { TimeAmount(watchers.policy.fleetInterval) }

    // MARK: ResponseBodyStream (on the connection's event loop)

    func start(writer: ResponseBodyWriter) {
        let seconds = min(max(sessionEnds.timeIntervalSince(now()), 0), 12 * 3_600)
        let endTimer = writer.eventLoop.scheduleTask(in: .nanoseconds(Int64(seconds * 1e9))) { [weak self] () -> Void in
            self?.sessionEnded()
        }
        state.withLock { state in
            state.writer = writer
            state.endTimer = endTimer
            state.lastWrite = writer.eventLoop.now
        }
        writer.write(ByteBuffer(string: "retry: 2000\n\n"))
        look()
    }

    func writabilityChanged(writer: ResponseBodyWriter) {
        if writer.isWritable { fleetChanged() }
    }

    func closed() {
        let timers = state.withLock { state in
            state.ended = true
            state.writer = nil
            defer { (state.timer, state.endTimer) = (nil, nil) }
            return [state.timer, state.endTimer]
        }
        for timer in timers { timer?.cancel() }
        watchers.unregister(self)
    }

    // MARK: FleetObserver (any thread)

    func fleetChanged() {
        guard let writer = state.withLock({ $0.writer }) else { return }
        writer.eventLoop.execute {
            let due = self.state.withLock { state -> NIODeadline? in
                guard !state.ended else { return nil }
                return state.lastLook + self.interval
            }
            guard let due else { return }
            if due <= writer.eventLoop.now { self.look() } else { self.schedule(at: due) }
        }
    }

    func endObservation() {
        guard let writer = state.withLock({ $0.writer }) else { return }
        writer.eventLoop.execute { writer.end() }
    }

    // MARK: Looking and writing

    /// Reads the fleet (through the shared read) and sends what changed. On the event loop; one look at a time.
    private func look() {
        let writer = state.withLock { state -> ResponseBodyWriter? in
            guard !state.ended, let writer = state.writer else { return nil }
            guard !state.looking else {
                state.lookAgain = true
                return nil
            }
            state.looking = true
            state.lastLook = writer.eventLoop.now
            return writer
        }
        guard let writer else { return }
        let (watchers, read, now) = (watchers, read, now)
        let present = writer.eventLoop.now
        Task {
            let update = try? await watchers.update(at: present, read: read, now: now)
            writer.eventLoop.execute { self.send(update, writer: writer) }
        }
    }

    /// Sends the reading: what changed since the one this stream sent last, or every animal (encoded already, once
    /// for every stream of the process).
    private func send(_ update: FleetUpdate?, writer: ResponseBodyWriter) {
        let (output, again) = state.withLock { state -> (ByteBuffer?, Bool) in
            state.looking = false
            guard !state.ended else { return (nil, false) }
            var output: ByteBuffer?
            if let update, writer.isWritable {
                output = update.bytes(after: state.sent)
                state.sent = update.generation
            }
            if output == nil, writer.eventLoop.now - state.lastWrite >= TimeAmount(watchers.policy.heartbeatInterval) {
                output = ByteBuffer(string: ": heartbeat\n\n")
            }
            if output != nil { state.lastWrite = writer.eventLoop.now }
            defer { state.lookAgain = false }
            return (output, state.lookAgain)
        }
        if let output { writer.write(output) }
        let next = state.withLock { $0.lastLook } + interval
        if again && next <= writer.eventLoop.now { look() } else { schedule(at: next) }
    }

    /// The next look at `deadline`, replacing one set before.
    private func schedule(at deadline: NIODeadline) {
        let replaced = state.withLock { state -> Scheduled<Void>? in
            guard !state.ended, let writer = state.writer else { return nil }
            let old = state.timer
            state.timer = writer.eventLoop.scheduleTask(deadline: deadline) { [weak self] () -> Void in self?.look() }
            return old
        }
        replaced?.cancel()
    }

    /// The staff session would have ended by now without use: the page is told, and the stream ends.
    private func sessionEnded() {
        guard let writer = state.withLock({ $0.ended ? nil : $0.writer }) else { return }
        writer.write(ByteBuffer(string: "event: end\ndata: {}\n\n"))
        writer.end()
    }
}
