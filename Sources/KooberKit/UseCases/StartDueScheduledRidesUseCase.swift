import Foundation

/// Starts every scheduled ride whose start time has come (10 minutes, ÷ the clock rate, before its pick-up) as if
/// Confirm had been pressed then; one whose rider has a ride in progress waits, and is missed at its miss time.
///
/// Safe with any number of dispatchers at once: a batch of starts is one transaction that claims its bookings only
/// while they are still upcoming (`ScheduledRideRepository.startDue`), so dispatchers never start one twice.
public struct StartDueScheduledRidesUseCase: Sendable {
    /// The most due bookings started in one run (one transaction); the dispatcher runs again at once when a full run
    /// changed something.
    public static let batchSize = 100

    let now: Date
    let scheduledRides: any ScheduledRideRepository

    public init(now: Date, scheduledRides: any ScheduledRideRepository) {
        self.now = now
        self.scheduledRides = scheduledRides
    }

    /// What came of each due booking looked at, in order.
    @discardableResult
    public func run() async throws -> [ScheduledRideStart] {
        try await scheduledRides.startDue(at: now, limit: Self.batchSize)
    }
}
