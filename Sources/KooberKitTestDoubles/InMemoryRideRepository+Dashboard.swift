import Foundation
import KooberKit

/// The dashboard's figures of the rides, the fleet and the reports, read in one step on the actor (as in one
/// snapshot). A report is open until it is resolved (`resolvedReports`), as `ride_reports.resolved_at_ms` says.
extension InMemoryRideRepository {
    func dashboardReading(in window: DashboardWindow) -> DashboardReading {
        var reading = DashboardReading()
        let rides = stored.map(\.ride)
        for ride in rides where ride.status.isInProgress {
            reading.liveRides[ride.status, default: 0] += 1
        }
        let busy = busyAnimals
        for animal in animals where animal.inService && !animal.outOfService && !busy.contains(animal.animal.id) {
            reading.freeAnimals[animal.animal.rideOptionID, default: 0] += 1
        }
        reading.requested = rides.filter { window.isInLastHour($0.requestedAt) }.count
        reading.finished = rides.filter { $0.status == .finished && $0.endedAt.map(window.isInLastHour) == true }.count
        reading.cancelled =
            rides.filter { $0.status == .cancelled && $0.endedAt.map(window.isInLastHour) == true }.count
        reading.waits = rides.compactMap { ride in
            guard let assignedAt = ride.assignment?.assignedAt, window.isInLastHour(assignedAt) else { return nil }
            return .milliseconds(Int64((assignedAt.timeIntervalSince(ride.requestedAt) * 1000).rounded()))
        }
        let openReports = feedbackByRide.compactMap { rideID, feedback in
            resolvedReports[rideID] == nil ? feedback.report?.reportedAt : nil
        }
        reading.openReports = openReports.count
        reading.oldestOpenReportAt = openReports.min()
        for ride in rides {
            if let quarter = window.quarter(of: ride.requestedAt) {
                reading.requestsByQuarter[quarter, default: 0] += 1
            }
        }
        return reading
    }
}
