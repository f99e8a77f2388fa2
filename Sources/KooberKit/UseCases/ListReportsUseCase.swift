import Foundation

/// Koober Ops' **Reports** list (SPEC.md): open reports first, oldest first, then the resolved ones, newest resolved
/// first; `limit` (50) a page, in keyset pages (`ReportListCursor`). Reading the list writes no audit row (it is not a
/// look at a rider's page). Throws `ReportError.notAllowed` for a role without `StaffPermission.reports`.
public struct ListReportsUseCase: Sendable {
    /// SPEC.md: 50 a page.
    public static let pageSize = 50

    let member: StaffMember
    let after: ReportListCursor?
    let limit: Int
    let reports: any ReportRepository

    public init(
        member: StaffMember, after: ReportListCursor?, limit: Int = ListReportsUseCase.pageSize,
        reports: any ReportRepository
    ) {
        self.member = member
        self.after = after
        self.limit = max(1, limit)
        self.reports = reports
    }

    /// One more than the page is read, to know whether another follows; the resolved part is read only when the open
    /// part ends on this page.
    public func run() async throws -> ReportListPage {
        guard member.role.permits(.reports) else { throw ReportError.notAllowed }
        var rows: [ReportSummary] = []
        var resolvedAfter: ReportListCursor?
        if let after, after.part == .resolved {
            resolvedAfter = after
        } else {
            rows = try await reports.openReports(after: after, limit: limit + 1)
        }
        if rows.count <= limit {
            rows += try await reports.resolvedReports(after: resolvedAfter, limit: limit + 1 - rows.count)
        }
        guard rows.count > limit else { return ReportListPage(reports: rows, next: nil) }
        let page = Array(rows.prefix(limit))
        return ReportListPage(reports: page, next: page.last.map(ReportListCursor.init(after:)))
    }
}
