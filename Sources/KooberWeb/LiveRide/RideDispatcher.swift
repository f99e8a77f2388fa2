import Foundation
import KooberKit
import Logging
import ServiceLifecycle
import Synchronization
import Timekeeping

/// Koober's dispatcher, one per process, as a service: it moves due rides on (`AdvanceRidesUseCase`), starts the
/// scheduled rides whose time has come (`StartDueScheduledRidesUseCase`), gives waiting rides their animals
/// (`DispatchRidesUseCase`), and publishes every stored change to this process's streams (`RideFeed`).
///
/// It keeps nothing that is not stored: it wakes when a ride is requested or cancelled here (`ridesChanged`), when
/// the next stored status or scheduled start is due, and at least every `pollInterval` (for what other processes on the same database
/// did). A process that dies loses nothing; the next one to look carries every ride on where the clock says it is.
/// On a graceful stop it ends every stream at once.
public final class RideDispatcher: Service, RideChangeSignal {
    private let rideRepository: any RideRepository
    private let fleetRepository: any FleetRepository
    private let scheduledRides: any ScheduledRideRepository
    private let feed: RideFeed
    private let clock: any AppClock
    private let pollInterval: Duration
    private let logger: Logger
    /// Rung when a ride changes here or elsewhere, and at a graceful stop: a ring is never lost (`WakeUpAlarm`).
    private let alarm = WakeUpAlarm()
    /// How far this process's streams have heard, in the store's order of changes.
    private let published = Mutex<RideChangeCursor?>(nil)
    /// How soon to look again when changes are committed but held back behind a transaction still in flight
    /// (`RideChanges.heldBack`): that transaction is usually a moment from its end, and it may ring no one when it
    /// ends. Each look in a row that finds changes still held back waits twice as long, up to `pollInterval`: a
    /// transaction left open (an operator's session, a long migration) costs a look a second, not two hundred.
    static let heldBackInterval: Duration = .milliseconds(5)

    public init(
        rideRepository: any RideRepository, fleetRepository: any FleetRepository,
        scheduledRides: any ScheduledRideRepository, feed: RideFeed, clock: any AppClock,
        pollInterval: Duration = .seconds(1), logger: Logger
    ) {
        self.rideRepository = rideRepository
        self.fleetRepository = fleetRepository
        self.scheduledRides = scheduledRides
        self.feed = feed
        self.clock = clock
        self.pollInterval = pollInterval
        self.logger = logger
    }

    public func ridesChanged() {
        alarm.ring()
    }

    public func run() async throws {
        await withGracefulShutdownHandler {
            var heldBackLooks = 0
            while !Task.isCancelled && !Task.isShuttingDownGracefully {
                let look = await runOnceLogged()
                heldBackLooks = look.heldBack ? min(heldBackLooks + 1, 16) : 0
                await alarm.sleep(for: wait(after: look, heldBackLooks: heldBackLooks), on: clock)
            }
        } onGracefulShutdown: {
            self.feed.stop()
            self.alarm.ring()
        }
        feed.stop()
    }

    /// Until the next stored status is due, at most `pollInterval` (for what other processes did), or, after
    /// `heldBackLooks` looks in a row found changes held back, `heldBackInterval` doubled for each but the first; at
    /// least nothing.
    private func wait(after look: Look, heldBackLooks: Int) -> Duration {
        let heldBackWait = Self.heldBackInterval * (1 << max(0, heldBackLooks - 1))
        let longest = heldBackLooks > 0 ? min(heldBackWait, pollInterval) : pollInterval
        guard let nextDue = look.nextDue else { return longest }
        let seconds = nextDue.timeIntervalSince(clock.now)
        guard seconds > 0 else { return .zero }
        return min(.milliseconds(Int64(min(seconds, 3_600) * 1000)), longest)
    }

    private func runOnceLogged() async -> Look {
        do {
            return try await look()
        } catch {
            logger.error("The dispatcher could not run: \(error)")
            return Look(nextDue: nil, heldBack: false)
        }
    }

    /// What one look found: when the next stored status or scheduled start is due, and whether changes were held
    /// back from the streams.
    struct Look {
        let nextDue: Date?
        let heldBack: Bool
    }

    /// One look: advance, start the scheduled rides due (after the advance, so a ride that has just finished no
    /// longer holds its rider's booking back), dispatch (so a started ride may get its animal at once), publish.
    /// Returns when the next stored status or scheduled start is due. Tests call it directly.
    @discardableResult
    public func runOnce() async throws -> Date? {
        try await look().nextDue
    }

    private func look() async throws -> Look {
        let time = clock.now
        if published.withLock({ $0 }) == nil {
            let latest = try await rideRepository.latestRideChange()
            published.withLock { $0 = $0 ?? latest }
        }
        while try await AdvanceRidesUseCase(now: time, rideRepository: rideRepository).run()
            == AdvanceRidesUseCase.batchSize
        {}
        if try await startDueScheduledRides(at: time) { alarm.ring() }  // look again: what started may move on
        try await DispatchRidesUseCase(now: time, rideRepository: rideRepository, fleetRepository: fleetRepository)
            .run()
        let heldBack = try await publishChanges()
        let nextDue = try await rideRepository.nextDueTime()
        let nextStart = try await scheduledRides.nextStartTime(after: time)
        return Look(nextDue: [nextDue, nextStart].compactMap { $0 }.min(), heldBack: heldBack)
    }

    /// Starts (or misses) due bookings, a batch at a time while full batches change something, for at most
    /// `startingTime` of the clock; returns whether any changed (then the dispatcher looks again at once, and the
    /// next batches come after this look's dispatch and publishing). A minute's bookings start together: a look busy
    /// with all of them kept waiting rides from their animals and streams from their news for 1.5 s on PostgreSQL
    /// (rush hour, issue 45). Bookings that wait behind a ride in progress stay due, and change nothing: they do not
    /// keep the dispatcher looking.
    private func startDueScheduledRides(at time: Date) async throws -> Bool {
        let until = clock.now + Self.startingTime
        var changedAny = false
        while true {
            let outcomes = try await StartDueScheduledRidesUseCase(now: time, scheduledRides: scheduledRides).run()
            let changed = outcomes.contains { outcome in
                switch outcome {
                case .started, .missed: true
                case .waiting, .notUpcoming: false
                }
            }
            changedAny = changedAny || changed
            guard changed, outcomes.count == StartDueScheduledRidesUseCase.batchSize, clock.now < until else {
                return changedAny
            }
        }
    }

    /// The longest a look spends starting scheduled rides before it dispatches and publishes.
    static let startingTime: TimeInterval = 0.25

    /// Publishes every change the store lets be read; returns whether some were held back.
    private func publishChanges() async throws -> Bool {
        while let cursor = published.withLock({ $0 }) {
            let changes = try await rideRepository.rideChanges(after: cursor, limit: 1_000)
            guard !changes.rides.isEmpty else { return changes.heldBack }
            feed.publish(changes.rides)
            published.withLock { $0 = max($0 ?? changes.cursor, changes.cursor) }
        }
        return false
    }
}
