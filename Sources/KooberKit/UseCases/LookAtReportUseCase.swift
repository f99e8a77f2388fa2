import Foundation

/// A report's page in Koober Ops: the report with Koober's replies and the rider's earlier reports, and the ride's
/// receipt as staff see it (the ride, its timeline, its rating and tip), whoever's ride it is. Reading it writes no
/// audit row (SPEC.md audits looks at a rider's page, and this is a report's). Throws `ReportError.notAllowed` for a
/// role without `StaffPermission.reports`, `.noSuchReport` when the ride has no report.
public struct LookAtReportUseCase: Sendable {
    let rideID: RideID
    let member: StaffMember
    let reports: any ReportRepository
    let rides: any RideRepository
    let feedback: any RideFeedbackRepository

    public init(
        rideID: RideID, member: StaffMember, reports: any ReportRepository, rides: any RideRepository,
        feedback: any RideFeedbackRepository
    ) {
        self.rideID = rideID
        self.member = member
        self.reports = reports
        self.rides = rides
        self.feedback = feedback
    }

    public func run() async throws -> ReportPage {
        guard member.role.permits(.reports) else { throw ReportError.notAllowed }
        guard let detail = try await reports.report(rideID: rideID), let ride = try await rides.ride(id: rideID) else {
            throw ReportError.noSuchReport
        }
        let record = RideRecord(
            ride: ride, events: try await rides.events(rideID: rideID),
            feedback: try await feedback.feedback(rideID: rideID))
        return ReportPage(detail: detail, receipt: record)
    }
}

/// What a report's page in Koober Ops shows: the report, its replies and the rider's earlier reports, and the ride.
public struct ReportPage: Equatable, Sendable {
    public let detail: ReportDetail
    public let receipt: RideRecord

    public init(detail: ReportDetail, receipt: RideRecord) {
        self.detail = detail
        self.receipt = receipt
    }
}
