import Foundation
import HTTPServer
import KooberKit
import NIOHTTP1

/// **Reports** in Koober Ops (SPEC.md): the list (open ones first, oldest first, then the resolved, 50 a page), a
/// report's page (the ride's receipt, the rider's earlier reports, Koober's replies), **Reply** (mailed to the rider,
/// shown on the ride's receipt) and **Resolve**. Each act writes its audit row with it; a refusal changes nothing.
struct OpsReportsScreen {
    let templates: TemplateRenderer
    let errorPages: ErrorPages
    let services: KooberServices
    let staff: AuthorizedStaff
    let navigation: OpsNavigation
    let csrfToken: String

    /// A page of the list, from `after` (the first page without it).
    func list(after: ReportListCursor?) async throws -> Response {
        let page = try await ListReportsUseCase(
            member: staff.member, after: after, reports: services.reportRepository
        ).run()
        return templates.response(.opsReports, OpsReportsViewState(navigation: navigation, page: page, templates.words))
    }

    /// The report's page; with a refusal shown and the reply typed kept.
    func show(
        _ rideID: RideID?, error: ErrorMessage? = nil, reply: String = "", status: HTTPResponseStatus = .ok
    ) async throws -> Response {
        guard let rideID else { return errorPages.response(.notFound) }
        do {
            let page = try await LookAtReportUseCase(
                rideID: rideID, member: staff.member, reports: services.reportRepository,
                rides: services.rideRepository, feedback: services.rideFeedbackRepository
            ).run()
            let state = OpsReportViewState(
                navigation: navigation, page: page, csrfToken: csrfToken, error: error, reply: reply, templates.words)
            return templates.response(.opsReport, state, status: status)
        } catch ReportError.noSuchReport {
            return errorPages.response(.notFound, message: OpsReportWords.message(for: .noSuchReport, templates.words))
        }
    }

    /// **Reply**: stored, mailed and audited together; then back to the report's page, which shows it.
    func reply(_ rideID: RideID?, text: String) async throws -> Response {
        guard let rideID else { return errorPages.response(.notFound) }
        do {
            try await ReplyToReportUseCase(
                rideID: rideID, text: text, member: staff.member, now: services.now(),
                reports: services.reportRepository
            ).run()
            return .redirect(to: OpsRoute.reportPath(rideID))
        } catch let error as ReportError {
            return try await refused(rideID, error, reply: text)
        }
    }

    /// **Resolve**; then back to the report's page.
    func resolve(_ rideID: RideID?) async throws -> Response {
        guard let rideID else { return errorPages.response(.notFound) }
        do {
            try await ResolveReportUseCase(
                rideID: rideID, member: staff.member, now: services.now(), reports: services.reportRepository
            ).run()
            return .redirect(to: OpsRoute.reportPath(rideID))
        } catch let error as ReportError {
            return try await refused(rideID, error, reply: "")
        }
    }

    /// The report's page again with what was refused: 422 for the reply's text, 409 for a resolved report, a 404 for
    /// no report.
    private func refused(_ rideID: RideID, _ error: ReportError, reply: String) async throws -> Response {
        switch error {
        case .notAllowed:
            return errorPages.response(.forbidden, message: OpsResponder.notAllowedMessage)
        case .noSuchReport:
            return errorPages.response(.notFound, message: OpsReportWords.message(for: error, templates.words))
        case .alreadyResolved:
            return try await show(rideID, error: OpsReportWords.message(for: error, templates.words), status: .conflict)
        case .reply:
            return try await show(
                rideID, error: OpsReportWords.message(for: error, templates.words), reply: reply,
                status: .unprocessableEntity)
        }
    }
}
