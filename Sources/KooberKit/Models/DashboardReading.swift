import Foundation

/// What a store reads for the dashboard in one snapshot, in `DashboardWindow`'s windows, before
/// `OpsDashboard(window:reading:)` makes it figures: so the percentiles, the ages and the chart's empty quarters are
/// worked out once, here, and never in SQL.
public struct DashboardReading: Equatable, Sendable {
    /// Rides in progress, by stored status.
    public var liveRides: [RideStatus: Int]
    /// Animals in service and free, by ride option id.
    public var freeAnimals: [String: Int]
    /// Upcoming scheduled rides whose pick-up is at or before the next hour's end.
    public var scheduledDue: Int
    /// Rides requested, finished and cancelled in the last hour.
    public var requested: Int
    public var finished: Int
    public var cancelled: Int
    /// Each wait for an animal of the rides that got theirs in the last hour.
    public var waits: [Duration]
    /// Reports not yet resolved, and when the oldest of them was sent.
    public var openReports: Int
    public var oldestOpenReportAt: Date?
    /// Rides requested in each quarter hour of the chart that has any, by quarter (0 the oldest).
    public var requestsByQuarter: [Int: Int]

    public init(
        liveRides: [RideStatus: Int] = [:], freeAnimals: [String: Int] = [:], scheduledDue: Int = 0,
        requested: Int = 0, finished: Int = 0, cancelled: Int = 0, waits: [Duration] = [], openReports: Int = 0,
        oldestOpenReportAt: Date? = nil, requestsByQuarter: [Int: Int] = [:]
    ) {
        self.liveRides = liveRides
        self.freeAnimals = freeAnimals
        self.scheduledDue = scheduledDue
        self.requested = requested
        self.finished = finished
        self.cancelled = cancelled
        self.waits = waits
        self.openReports = openReports
        self.oldestOpenReportAt = oldestOpenReportAt
        self.requestsByQuarter = requestsByQuarter
    }
}
