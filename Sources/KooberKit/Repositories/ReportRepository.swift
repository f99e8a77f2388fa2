import Foundation

/// Riders' problem reports as Koober Ops reads, answers and closes them (SPEC.md, "Koober Ops", **Reports**). A report
/// is one per ride (`ride_reports`), named by its ride's id. Each act writes its audit row (`audit`) in the same
/// transaction as what it does: a row is there exactly when the act is (`ReportRepositoryContractTests`).
public protocol ReportRepository: Sendable {
    /// At most `limit` open reports (no `resolved_at_ms`), oldest first (reported, then ride id), after `after` (a
    /// cursor of the open part) when given: one seek in `ride_reports_open`.
    func openReports(after: ReportListCursor?, limit: Int) async throws -> [ReportSummary]
    /// At most `limit` resolved reports, newest resolved first (resolved, then ride id, both descending), after `after`
    /// (a cursor of the resolved part) when given: one seek in `ride_reports_resolved`.
    func resolvedReports(after: ReportListCursor?, limit: Int) async throws -> [ReportSummary]
    /// The ride's report with its replies (oldest first) and the rider's earlier reports (newest first, at most
    /// `ReportDetail.earlierLimit`), read in one snapshot; `nil` when the ride has no report (or is gone).
    func report(rideID: RideID) async throws -> ReportDetail?
    /// Stores `reply` to its ride's open report, queues its mail to the rider (only to a confirmed email, as every
    /// ride's mail) and writes `audit` (`repliedToReport`), in one transaction. Throws
    /// `ReportRepositoryError.noSuchReport` or `.alreadyResolved`, and then writes none of the three.
    @discardableResult
    func reply(_ reply: NewReportReply, audit: AuditEntry) async throws -> ReportReply
    /// Resolves the ride's open report at `audit.at`, with `audit` (`resolvedReport`), in one transaction: of two
    /// resolves at once, one does and the other is refused. Throws `ReportRepositoryError.noSuchReport` or
    /// `.alreadyResolved`, and then writes nothing.
    func resolve(rideID: RideID, audit: AuditEntry) async throws
}

/// Refusals of a `ReportRepository`: nothing was written, no audit row either.
public enum ReportRepositoryError: Error, Equatable, Sendable {
    /// The ride has no report (or the ride is gone).
    case noSuchReport
    /// The report is resolved: it takes no reply and no second resolve.
    case alreadyResolved
}
