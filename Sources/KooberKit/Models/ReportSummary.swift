import Foundation

/// A rider's report as Koober Ops lists it (SPEC.md, "Koober Ops", **Reports**): the ride it is about, what the rider
/// said, whether and when it was resolved, and the rider.
public struct ReportSummary: Equatable, Sendable {
    public let rideID: RideID
    public let report: ProblemReport
    /// When **Resolve** closed it; `nil` while it is open.
    public let resolvedAt: Date?
    public let rider: ReportRider

    public init(rideID: RideID, report: ProblemReport, resolvedAt: Date?, rider: ReportRider) {
        self.rideID = rideID
        self.report = report
        self.resolvedAt = resolvedAt
        self.rider = rider
    }

    public var isOpen: Bool { resolvedAt == nil }
}

/// Who sent a report, as the list names them: enough to tell riders apart and to open the rider's page.
public struct ReportRider: Equatable, Sendable {
    public let id: UserID
    public let name: String
    public let email: String

    public init(id: UserID, name: String, email: String) {
        self.id = id
        self.name = name
        self.email = email
    }
}

/// A report with what its page shows beside the ride: Koober's replies, oldest first, and the rider's earlier reports
/// (reported before this one), newest first, at most `ReportDetail.earlierLimit`.
public struct ReportDetail: Equatable, Sendable {
    /// How many of the rider's earlier reports a report's page shows (the rider's page lists them all).
    public static let earlierLimit = 20

    public let summary: ReportSummary
    public let replies: [ReportReply]
    public let earlierReports: [RiderReport]

    public init(summary: ReportSummary, replies: [ReportReply], earlierReports: [RiderReport]) {
        self.summary = summary
        self.replies = replies
        self.earlierReports = earlierReports
    }
}
