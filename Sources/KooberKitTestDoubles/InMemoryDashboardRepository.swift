import Foundation
import KooberKit

/// Koober Ops' dashboard on the in-memory stores: the rides' actor's figures (rides, fleet, reports, each read in one
/// step) and the scheduled rides' count, one after the other, as `SessionThenRideState` reads its two.
public struct InMemoryDashboardRepository: DashboardRepository {
    private let rides: InMemoryRideRepository
    private let scheduledRides: InMemoryScheduledRideRepository

    public init(rides: InMemoryRideRepository, scheduledRides: InMemoryScheduledRideRepository) {
        self.rides = rides
        self.scheduledRides = scheduledRides
    }

    public func dashboard(at now: Date) async throws -> OpsDashboard {
        let window = DashboardWindow(now: now)
        var reading = await rides.dashboardReading(in: window)
        reading.scheduledDue = await scheduledRides.upcomingCount(pickupAtOrBefore: window.nextHourEnd)
        return OpsDashboard(window: window, reading: reading)
    }
}
