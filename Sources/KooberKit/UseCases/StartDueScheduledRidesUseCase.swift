import Foundation

/// Starts every scheduled ride whose start time has come (10 minutes, ÷ the clock rate, before its pick-up) as if
/// Confirm had been pressed then; one whose rider has a ride in progress waits, and is missed at its miss time.
///
/// Safe with any number of dispatchers at once: each start is one transaction that claims the booking only while it
/// is still upcoming (`ScheduledRideRepository.start`), so a dispatcher that loses a race just moves on.
public struct StartDueScheduledRidesUseCase: Sendable {
    /// The most due bookings looked at in one run; the dispatcher runs again at once when a run was full.
    public static let batchSize = 500

    let now: Date
    let scheduledRides: any ScheduledRideRepository

    public init(now: Date, scheduledRides: any ScheduledRideRepository) {
        self.now = now
        self.scheduledRides = scheduledRides
    }

    /// What came of each due booking looked at, in order.
    @discardableResult
    public func run() async throws -> [ScheduledRideStart] {
        var outcomes: [ScheduledRideStart] = []
        for booking in try await scheduledRides.due(at: now, limit: Self.batchSize) {
            outcomes.append(try await scheduledRides.start(booking.id, at: now))
        }
        return outcomes
    }
}
