import Foundation

/// **Resolve** a rider's report (SPEC.md, "Koober Ops", **Reports**), with or without a reply: it leaves the open
/// reports (and the dashboard's count), in one transaction with its audit row `resolvedReport`. A resolved report is
/// closed: resolving it again is refused (`ReportError.alreadyResolved`, of two resolves at once the second), as are
/// `notAllowed` and `noSuchReport`; a refusal writes nothing.
public struct ResolveReportUseCase: Sendable {
    let rideID: RideID
    let member: StaffMember
    let now: Date
    let reports: any ReportRepository

    public init(rideID: RideID, member: StaffMember, now: Date, reports: any ReportRepository) {
        self.rideID = rideID
        self.member = member
        self.now = now
        self.reports = reports
    }

    public func run() async throws {
        guard member.role.permits(.reports) else { throw ReportError.notAllowed }
        do {
            try await reports.resolve(
                rideID: rideID, audit: AuditEntry(by: member, .resolvedReport, target: .report(rideID), at: now))
        } catch let error as ReportRepositoryError {
            throw error == .alreadyResolved ? ReportError.alreadyResolved : .noSuchReport
        }
    }
}
