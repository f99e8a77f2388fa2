import Foundation
import KooberKit

/// Koober Ops' list of reports (SPEC.md, **Reports**): open ones first, oldest first, then the resolved ones; each row
/// its ride (a link to the report's page), when, the category, the text and the rider (a link to the rider's page).
struct OpsReportsViewState: Sendable, Encodable {
    struct Row: Sendable, Encodable {
        let rideID: String
        let reportPath: String
        let reportedAt: String
        let category: String
        let text: String
        let riderName: String
        let riderEmail: String
        let riderPath: String
        let status: String
        let isOpen: Bool
    }

    let navigation: OpsNavigation
    let rows: [Row]
    let hasRows: Bool
    /// The next page (**Older**), when there is one.
    let olderPath: String?

    init(navigation: OpsNavigation, page: ReportListPage, _ words: Words) {
        self.navigation = navigation
        rows = page.reports.map { summary in
            Row(
                rideID: String(summary.rideID.rawValue), reportPath: OpsRoute.reportPath(summary.rideID),
                reportedAt: PickupTimeText.text(for: summary.report.reportedAt),
                category: summary.report.category.text(words), text: summary.report.text, riderName: summary.rider.name,
                riderEmail: summary.rider.email, riderPath: OpsRoute.riderPath(summary.rider.id),
                status: OpsReportViewState.status(of: summary), isOpen: summary.isOpen)
        }
        hasRows = !rows.isEmpty
        olderPath = page.next.map { OpsRoute.reports.path + "?after=" + $0.text }
    }
}

/// A report's page in Koober Ops: the report and its rider, the ride's receipt as staff see it (the riders' receipt
/// parts), Koober's replies, the rider's earlier reports; while it is open, **Reply** (a text area) and **Resolve**.
struct OpsReportViewState: Sendable, Encodable {
    struct Reply: Sendable, Encodable {
        let when: String
        let staffName: String
        let paragraphs: [String]
    }

    struct EarlierReport: Sendable, Encodable {
        let rideID: String
        let reportPath: String
        let category: String
        let text: String
        let reportedAt: String
    }

    let navigation: OpsNavigation
    let rideID: String
    let status: String
    let isOpen: Bool
    let category: String
    let text: String
    let reportedAt: String
    let riderName: String
    let riderEmail: String
    let riderPath: String
    let to: String
    let rideOption: String
    let animal: String?
    let rideStatus: String
    let receipt: RideReceipt
    let replies: [Reply]
    let earlierReports: [EarlierReport]
    let auditPath: String
    let replyAction: String
    let resolveAction: String
    let csrfToken: String
    let error: ErrorMessage?
    let reply: String
    let replyProblem: String?
    let replyDescribedBy: String

    init(
        navigation: OpsNavigation, page: ReportPage, csrfToken: String, error: ErrorMessage?, reply: String,
        _ words: Words
    ) {
        self.navigation = navigation
        let summary = page.detail.summary
        let ride = page.receipt.ride
        rideID = String(summary.rideID.rawValue)
        status = Self.status(of: summary)
        isOpen = summary.isOpen
        category = summary.report.category.text(words)
        text = summary.report.text
        reportedAt = PickupTimeText.text(for: summary.report.reportedAt)
        riderName = summary.rider.name
        riderEmail = summary.rider.email
        riderPath = OpsRoute.riderPath(summary.rider.id)
        to = ride.dropoff.name
        rideOption = ride.rideOptionName
        animal = ride.animalTitle(words)
        rideStatus = ride.status.historyLabel(words)
        receipt = RideReceipt(page.receipt, words)
        replies = page.detail.replies.map { reply in
            Reply(
                when: PickupTimeText.text(for: reply.repliedAt), staffName: reply.staffName,
                paragraphs: reply.text.split(whereSeparator: \.isNewline).map(String.init))
        }
        earlierReports = page.detail.earlierReports.map { earlier in
            EarlierReport(
                rideID: String(earlier.rideID.rawValue), reportPath: OpsRoute.reportPath(earlier.rideID),
                category: earlier.report.category.text(words), text: earlier.report.text,
                reportedAt: PickupTimeText.text(for: earlier.report.reportedAt))
        }
        auditPath = OpsAuditFilter.path(target: .report(summary.rideID))
        replyAction = OpsRoute.replyToReport.path(.rideID(summary.rideID))
        resolveAction = OpsRoute.resolveReport.path(.rideID(summary.rideID))
        self.csrfToken = csrfToken
        self.error = error
        self.reply = reply
        replyProblem = error?.fieldErrors["reply"]
        replyDescribedBy = replyProblem == nil ? "ops-reply-hint" : "ops-reply-hint ops-reply-error"
    }

    /// "Open", or "Resolved <when>".
    static func status(of summary: ReportSummary) -> String {
        summary.resolvedAt.map { "Resolved \(PickupTimeText.text(for: $0))" } ?? "Open"
    }
}
