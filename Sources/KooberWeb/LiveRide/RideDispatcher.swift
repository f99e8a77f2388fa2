import Foundation
import KooberKit
import Logging
import ServiceLifecycle
import Synchronization
import Timekeeping

/// Koober's dispatcher, one per process, as a service: it moves due rides on (`AdvanceRidesUseCase`), gives waiting
/// rides their animals (`DispatchRidesUseCase`), and publishes every stored change to this process's streams
/// (`RideFeed`).
///
/// It keeps nothing that is not stored: it wakes when a ride is requested or cancelled here (`ridesChanged`), when
/// the next stored status is due, and at least every `pollInterval` (for what other processes on the same database
/// did). A process that dies loses nothing; the next one to look carries every ride on where the clock says it is.
/// On a graceful stop it ends every stream at once.
public final class RideDispatcher: Service, RideChangeSignal {
    private let rideRepository: any RideRepository
    private let fleetRepository: any FleetRepository
    private let feed: RideFeed
    private let clock: any AppClock
    private let pollInterval: Duration
    private let logger: Logger
    /// Rung when a ride changes here or elsewhere, and at a graceful stop: a ring is never lost (`WakeUpAlarm`).
    private let alarm = WakeUpAlarm()
    /// The highest revision this process's streams have heard of.
    private let publishedRevision = Mutex<Int64?>(nil)

    public init(
        rideRepository: any RideRepository, fleetRepository: any FleetRepository, feed: RideFeed,
        clock: any AppClock, pollInterval: Duration = .seconds(1), logger: Logger
    ) {
        self.rideRepository = rideRepository
        self.fleetRepository = fleetRepository
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
            while !Task.isCancelled && !Task.isShuttingDownGracefully {
                let nextDue = await runOnceLogged()
                await alarm.sleep(for: wait(until: nextDue), on: clock)
            }
        } onGracefulShutdown: {
            self.feed.stop()
            self.alarm.ring()
        }
        feed.stop()
    }

    /// Until the next stored status is due, at most `pollInterval` (for what other processes did), at least nothing.
    private func wait(until nextDue: Date?) -> Duration {
        guard let nextDue else { return pollInterval }
        let seconds = nextDue.timeIntervalSince(clock.now)
        guard seconds > 0 else { return .zero }
        return min(.milliseconds(Int64(min(seconds, 3_600) * 1000)), pollInterval)
    }

    private func runOnceLogged() async -> Date? {
        do {
            return try await runOnce()
        } catch {
            logger.error("The dispatcher could not run: \(error)")
            return nil
        }
    }

    /// One look: advance, dispatch, publish. Returns when the next stored status is due. Tests call it directly.
    @discardableResult
    public func runOnce() async throws -> Date? {
        let time = clock.now
        if publishedRevision.withLock({ $0 }) == nil {
            let latest = try await rideRepository.latestRevision()
            publishedRevision.withLock { $0 = $0 ?? latest }
        }
        while try await AdvanceRidesUseCase(now: time, rideRepository: rideRepository).run()
            == AdvanceRidesUseCase.batchSize
        {}
        try await DispatchRidesUseCase(now: time, rideRepository: rideRepository, fleetRepository: fleetRepository)
            .run()
        try await publishChanges()
        return try await rideRepository.nextDueTime()
    }

    private func publishChanges() async throws {
        while let revision = publishedRevision.withLock({ $0 }) {
            let changed = try await rideRepository.rides(changedAfter: revision, limit: 1_000)
            guard let last = changed.last else { return }
            feed.publish(changed)
            publishedRevision.withLock { $0 = max($0 ?? 0, last.revision) }
        }
    }
}
