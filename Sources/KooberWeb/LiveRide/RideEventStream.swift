import EventLoopExecution
import Foundation
import HTTPServer
import KooberKit
import NIOCore
import Synchronization

/// `GET /ride/events` for one client: the rider's ride as Server-Sent Events (SPEC.md, "The ride, live"). It is the
/// page's `RideObserver`, registered with the `RideFeed` from the request until the stream closes.
///
/// It holds no thread: it writes when something happens (the feed tells it of a stored change) or when its timer
/// fires, set for the earliest of the next status the clock brings, the next position (every 2 s while the animal
/// moves) and the next heartbeat (15 s after the last write; the first at a random moment within them). The timer is
/// a callback on its event loop's timer wheel (`RideFeed.timerWheel(on:)`), which runs it at the end of a 10 ms slot,
/// up to a slot late. Positions and heartbeats are set two slots early, and are due that much early, so that none comes
/// later than SPEC.md's 2 s and 15 s (positions come 1.98 to 1.99 s apart). A status is never early. While the
/// client does not read, it writes nothing and remembers only that it is behind; when the client reads again it sends
/// the present, once (the server closes a client that does not read within its client read timeout).
final class RideEventStream: ResponseBodyStream, RideObserver {
    private struct State {
        var writer: ResponseBodyWriter?
        var ride: Ride
        /// The stored history, for the statuses a resuming client missed.
        var history: [RideEvent]
        var sentStatus: RideStatus?
        var sequence = 0
        /// The event loop's times (the stream's own pace, whatever the ride clock; a test's loop runs on virtual
        /// time).
        var lastEvent = NIODeadline.uptimeNanoseconds(0)
        var heartbeatDue = NIODeadline.distantFuture
        var timerWheel: EventLoopTimerWheel?
        /// Which of the timers set is the stream's: a wheel's callback is never cancelled, so an earlier one that
        /// fires does nothing (`timerFired`).
        var timerGeneration = 0
        var ended = false
    }

    private let feed: RideFeed
    private let now: @Sendable () -> Date
    private let resumeFrom: RideEventID?
    /// Whether the events' ids name the ride (`RideEventID`): the rider's stream's do, a share link's do not.
    private let namesRide: Bool
    /// The watcher's language's words: the headlines are in it.
    private let words: Words
    private let state: Mutex<State>

    /// `resumeFrom`: the last event the client had of this stream's ride, if it is resuming one.
    init(
        record: RideRecord, resumeFrom: RideEventID?, namesRide: Bool, words: Words, feed: RideFeed,
        now: @escaping @Sendable () -> Date
    ) {
        self.words = words
        self.feed = feed
        self.now = now
        self.resumeFrom = resumeFrom
        self.namesRide = namesRide
        state = Mutex(State(ride: record.ride, history: record.events))
    }

    // MARK: ResponseBodyStream (on the connection's event loop)

    func start(writer: ResponseBodyWriter) {
        // Written outside the lock: a write can make the connection tell of its writability at once, which comes
        // back here.
        let (output, ended) = state.withLock { state -> (ByteBuffer, Bool) in
            var output = ByteBuffer(string: "retry: 2000\n\n")
            state.writer = writer
            state.timerWheel = feed.timerWheel(on: writer.eventLoop)
            let progress = state.ride.progress(at: now())
            if let resumeFrom {
                // The statuses between the client's last and the present, each as it was when it happened.
                for event in state.history where event.status > resumeFrom.status && event.status < progress.status {
                    append(RideProgress(status: event.status), to: &output, state: &state)
                }
            }
            appendPassed(before: progress, to: &output, state: &state)
            append(progress, to: &output, state: &state)
            state.heartbeatDue = writer.eventLoop.now + feed.policy.firstHeartbeat()
            return (output, !progress.status.isInProgress)
        }
        writer.write(output)
        if ended { writer.end() } else { tick() }
    }

    func writabilityChanged(writer: ResponseBodyWriter) {
        if writer.isWritable { tick() }
    }

    func closed() {
        state.withLock { state in
            state.ended = true
            state.writer = nil
            state.timerWheel = nil
        }
        feed.unregister(self)
    }

    // MARK: RideObserver (any thread)

    func rideChanged(_ ride: Ride) {
        // News that comes between the stream's registration and its start (the dispatcher assigned the ride while the
        // response was on its way out) is kept, so that the first event is the present: dropped, it left the stream
        // on `finding` until the ride's next stored change (cluster walk, issue 32's CI).
        let writer = state.withLock { state -> ResponseBodyWriter? in
            if state.writer == nil, ride.id == state.ride.id, ride.revision > state.ride.revision { state.ride = ride }
            return state.writer
        }
        guard let writer else { return }
        writer.eventLoop.execute {
            let newerRide = self.state.withLock { state -> Bool in
                // An earlier ride's news (published late, or another process's) says nothing of this one.
                guard ride.id == state.ride.id else { return ride.id.rawValue > state.ride.id.rawValue }
                if ride.revision > state.ride.revision { state.ride = ride }
                return false
            }
            // The rider has started another ride (another tab): this stream's ride is not theirs to follow any more;
            // the client reconnects and follows the new one. A ride's ids grow with time, so a newer ride has a
            // greater id.
            if newerRide { writer.end() } else { self.tick() }
        }
    }

    func endObservation() {
        guard let writer = state.withLock({ $0.writer }) else { return }
        writer.eventLoop.execute { writer.end() }
    }

    // MARK: Writing

    /// The timer of `generation` fired; one that was replaced does nothing. On the event loop.
    private func timerFired(generation: Int) {
        if state.withLock({ $0.timerGeneration == generation }) { tick() }
    }

    /// Sends what is due now, and sets the timer for what is due next. On the event loop.
    private func tick() {
        let (writer, output, finished) = state.withLock { state -> (ResponseBodyWriter?, ByteBuffer, Bool) in
            guard !state.ended, let writer = state.writer, writer.isWritable else { return (nil, ByteBuffer(), false) }
            let present = writer.eventLoop.now
            // What falls due within the timer's slack is due now (see the type's comment).
            let soon = present + timerSlack(state)
            let progress = state.ride.progress(at: now())
            var output = ByteBuffer()
            if progress.status != state.sentStatus
                || (progress.isMoving && soon - state.lastEvent >= feed.policy.positionAmount)
            {
                appendPassed(before: progress, to: &output, state: &state)
                append(progress, to: &output, state: &state)
            } else if soon >= state.heartbeatDue {
                output.writeString(": heartbeat\n\n")
            }
            if output.readableBytes > 0 { state.heartbeatDue = present + feed.policy.heartbeatAmount }
            guard progress.status.isInProgress else { return (writer, output, true) }
            schedule(after: present, progress: progress, state: &state)
            return (writer, output, false)
        }
        guard let writer else { return }
        if output.readableBytes > 0 { writer.write(output) }
        if finished { writer.end() }
    }

    private func schedule(after present: NIODeadline, progress: RideProgress, state: inout State) {
        guard let wheel = state.timerWheel else { return }
        var next = state.heartbeatDue
        if progress.isMoving { next = min(next, state.lastEvent + feed.policy.positionAmount) }
        next = next - timerSlack(state)
        if let status = state.ride.timeline()?.nextEvent(after: now()) {
            // The ride clock's "when" as a wait from now on the loop (the ride clock may be a test's); a status never
            // comes early. Waits beyond an hour are cut to one: the stream looks again then.
            let seconds = min(max(status.timeIntervalSince(now()), 0), 3_600)
            next = min(next, present + .nanoseconds(Int64(seconds * 1e9)) + .milliseconds(1))
        }
        state.timerGeneration &+= 1
        let generation = state.timerGeneration
        wheel.schedule(at: max(next, present + .milliseconds(1))) { [weak self] in
            self?.timerFired(generation: generation)
        }
    }

    /// How early positions and heartbeats are set and due: two of the wheel's slots.
    private func timerSlack(_ state: State) -> TimeAmount {
        .nanoseconds(2 * (state.timerWheel?.slotWidth.nanoseconds ?? 0))
    }

    /// One event for each status the ride went through since the last one sent, before `progress`: news that comes
    /// late (another process's change, a busy machine) must not skip a status (SPEC.md: an event at every status
    /// change). A ride that went straight to `cancelled` passed none.
    private func appendPassed(before progress: RideProgress, to output: inout ByteBuffer, state: inout State) {
        guard let sent = state.sentStatus, progress.status != .cancelled else { return }
        for status in RideStatus.allCases where status > sent && status < progress.status {
            append(RideProgress(status: status), to: &output, state: &state)
        }
    }

    private func append(_ progress: RideProgress, to output: inout ByteBuffer, state: inout State) {
        if progress.status != state.sentStatus { state.sequence = 0 } else { state.sequence += 1 }
        let id = RideEventID(
            rideID: namesRide ? state.ride.id : nil, status: progress.status, sequence: state.sequence)
        var bytes = RideEventMessage(progress, ride: state.ride, words).bytes(id: id)
        output.writeBuffer(&bytes)
        state.sentStatus = progress.status
        state.lastEvent = state.writer?.eventLoop.now ?? state.lastEvent
    }
}
