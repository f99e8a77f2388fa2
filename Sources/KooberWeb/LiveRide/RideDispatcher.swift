import Foundation
import KooberKit
import Logging
import ServiceLifecycle
import Synchronization

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
    private let now: @Sendable () -> Date
    private let pollInterval: Duration
    private let logger: Logger
    /// A wake-up asked for while the dispatcher was busy (kept for its next sleep), or the sleep it would end.
    private let wakeUp = Mutex<
        (pending: Bool, sleeper: (id: Int, continuation: CheckedContinuation<Void, Never>)?, nextID: Int)
    >(
        (false, nil, 0))
    /// The highest revision this process's streams have heard of.
    private let publishedRevision = Mutex<Int64?>(nil)

    public init(
        rideRepository: any RideRepository, fleetRepository: any FleetRepository, feed: RideFeed,
        now: @escaping @Sendable () -> Date, pollInterval: Duration = .seconds(1), logger: Logger
    ) {
        self.rideRepository = rideRepository
        self.fleetRepository = fleetRepository
        self.feed = feed
        self.now = now
        self.pollInterval = pollInterval
        self.logger = logger
    }

    public func ridesChanged() {
        let sleeper = wakeUp.withLock { state in
            guard let sleeper = state.sleeper else {
                state.pending = true
                return nil as CheckedContinuation<Void, Never>?
            }
            state.sleeper = nil
            return sleeper.continuation
        }
        sleeper?.resume()
    }

    public func run() async throws {
        await withGracefulShutdownHandler {
            while !Task.isCancelled && !Task.isShuttingDownGracefully {
                let nextDue = await runOnceLogged()
                let wait = nextDue.map { min(max($0.timeIntervalSince(now()), 0), pollSeconds) } ?? pollSeconds
                await sleep(seconds: wait)
            }
        } onGracefulShutdown: {
            self.feed.stop()
            self.ridesChanged()
        }
        feed.stop()
    }

    private var pollSeconds: Double {
        Double(pollInterval.components.seconds) + Double(pollInterval.components.attoseconds) / 1e18
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
        let time = now()
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

    /// Sleeps `seconds`, or less when woken.
    /// Sleeps `seconds`, or less when woken (`ridesChanged`, a graceful stop, cancellation). A wake-up that came
    /// while the dispatcher was busy ends the next sleep at once; the timer of a sleep that ended early wakes
    /// nothing later.
    private func sleep(seconds: Double) async {
        let id = wakeUp.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        let timer = Task { [weak self] in
            try? await Task.sleep(for: .milliseconds(Int64(seconds * 1000)))
            self?.endSleep(id)
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let wokenAlready = wakeUp.withLock { state in
                    if state.pending || Task.isCancelled {
                        state.pending = false
                        return true
                    }
                    state.sleeper = (id, continuation)
                    return false
                }
                if wokenAlready { continuation.resume() }
            }
        } onCancel: {
            self.endSleep(nil)
        }
        timer.cancel()
    }

    /// Ends the sleep `id` (any sleep for `nil`), if it is still asleep.
    private func endSleep(_ id: Int?) {
        let sleeper = wakeUp.withLock { state -> CheckedContinuation<Void, Never>? in
            guard let sleeper = state.sleeper, id == nil || sleeper.id == id else { return nil }
            state.sleeper = nil
            return sleeper.continuation
        }
        sleeper?.resume()
    }
}
