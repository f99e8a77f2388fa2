import Foundation
import Timekeeping

/// Koober Ops' dashboard (SPEC.md, "Koober Ops", `GET /ops`): how the city is being served now, in the last hour, and
/// rides requested per quarter hour over the last day, as one store read them at one moment (`window.now`). No words:
/// the page (KooberWeb) says them, and draws the chart (`RidesRequestedChart`).
public struct OpsDashboard: Equatable, Sendable {
    public let window: DashboardWindow

    // Now
    public let liveRides: LiveRideCounts
    /// Every ride option, in the picker's order, with its free animals (0 when none).
    public let freeAnimals: [FreeAnimalCount]
    /// Scheduled rides due in the next hour (`DashboardWindow`).
    public let scheduledDueWithinHour: Int

    // The last hour
    public let requestedLastHour: Int
    public let finishedLastHour: Int
    public let cancelledLastHour: Int
    /// The wait for an animal of the rides that got one in the last hour; `nil` when none did.
    public let wait: WaitPercentiles?
    /// Reports not yet resolved, and how long the oldest of them has waited (`nil` without any).
    public let openReports: Int
    public let oldestOpenReportAge: Duration?

    /// The chart: `DashboardWindow.quarterHours` quarter hours, oldest first, every one present (0 when no ride).
    public let requestsPerQuarterHour: [QuarterHourCount]

    /// The figures of `reading`, read in `window`: free animals for every option, the waits' percentiles, the oldest
    /// report's age (never below zero) and every quarter hour of the chart; quarters outside it are left out.
    public init(window: DashboardWindow, reading: DashboardReading) {
        self.window = window
        liveRides = LiveRideCounts(byStatus: reading.liveRides)
        freeAnimals = RideOption.all.map { FreeAnimalCount(rideOption: $0, count: reading.freeAnimals[$0.id] ?? 0) }
        scheduledDueWithinHour = reading.scheduledDue
        requestedLastHour = reading.requested
        finishedLastHour = reading.finished
        cancelledLastHour = reading.cancelled
        wait = WaitPercentiles(waits: reading.waits)
        openReports = reading.openReports
        oldestOpenReportAge = reading.oldestOpenReportAt.map { oldest in
            oldest < window.now ? .milliseconds(Int64((window.now.timeIntervalSince(oldest) * 1000).rounded())) : .zero
        }
        requestsPerQuarterHour = window.quarterStarts.enumerated().map { quarter, start in
            QuarterHourCount(start: start, count: reading.requestsByQuarter[quarter] ?? 0)
        }
    }

    /// The moment it was read.
    public var now: Date { window.now }
}
