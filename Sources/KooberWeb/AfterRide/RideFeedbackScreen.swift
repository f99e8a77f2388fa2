import Foundation
import HTTPServer
import KooberKit
import KooberMap
import NIOHTTP1

/// A ride's receipt (`GET /rides/<id>`) with Rate Your Ride (`POST /rides/<id>/rating`) and Report a Problem
/// (`GET`/`POST /rides/<id>/report`). The rider's own rides only: any other, or none, is the 404 page, and so is a
/// ride that cannot be rated or reported any more; a field error shows the form again with each problem tied to its
/// field, and changes nothing.
struct RideFeedbackScreen {
    let templates: TemplateRenderer
    let csrfToken: String
    let mapTiles: MapTiles
    let useCaseFactory: any RideFeedbackUseCaseFactory
    let now: @Sendable () -> Date

    /// The receipt, the rider's own ride only.
    func receipt(rideID: RideID?) async throws -> Response {
        try await receiptPage(rideID: rideID)
    }

    /// Rate Your Ride: back to the receipt, which shows the rating, the tip and the total; or the receipt with the
    /// form's problems (422), or with why nothing changed (409: a tip given already, the 24 hours over).
    func rate(rideID: RideID?, form: RatingForm) async throws -> Response {
        guard let rideID else { return notFound() }
        do {
            _ = try await useCaseFactory.makeRateRideUseCase(rideID: rideID).run(
                stars: form.stars, compliments: form.compliments, tip: form.tip)
            return .redirect(to: Route.receiptPath(for: rideID))
        } catch let error as RideFeedbackError {
            let message = error.errorMessage(templates.words) { $0.formFieldName.rawValue }
            switch error {
            case .rideNotFound:
                return notFound()
            case .invalid(let problems):
                return try await receiptPage(
                    rideID: rideID, status: .unprocessableEntity, error: message
                ) { record in
                    RatingFormViewState(
                        record: record, now: now(), sent: form,
                        problems: Dictionary(
                            uniqueKeysWithValues: problems.map { ($0.key, $0.value.text(for: $0.key, templates.words)) }
                        ),
                        templates.words)
                }
            case .ratingClosed, .tipAlreadyGiven, .alreadyReported:
                return try await receiptPage(rideID: rideID, status: .conflict, error: message)
            }
        }
    }

    /// Report a Problem's page, while the ride can be reported and has not been.
    func showReport(rideID: RideID?) async throws -> Response {
        guard let rideID, let record = try await useCaseFactory.makeLoadRideReceiptUseCase(rideID: rideID).run(),
            RideReceipt.reportPath(record, now: now()) != nil
        else { return notFound() }
        return templates.response(
            .reportProblem, ReportProblemViewState(ride: record.ride, csrfToken: csrfToken, templates.words))
    }

    /// Sends the report: back to the receipt, which acknowledges it; or the page with the problems (422), or the
    /// receipt saying it was reported already (409).
    func report(rideID: RideID?, category: String?, text: String) async throws -> Response {
        guard let rideID else { return notFound() }
        do {
            _ = try await useCaseFactory.makeReportProblemUseCase(rideID: rideID).run(category: category, text: text)
            return .redirect(to: Route.receiptPath(for: rideID))
        } catch let error as RideFeedbackError {
            let message = error.errorMessage(templates.words) { $0.formFieldName.rawValue }
            switch error {
            case .invalid:
                guard let record = try await useCaseFactory.makeLoadRideReceiptUseCase(rideID: rideID).run() else {
                    return notFound()
                }
                let state = ReportProblemViewState(
                    ride: record.ride, csrfToken: csrfToken, category: category,
                    text: String(text.prefix(ProblemReport.textLimit.maximum)), error: message, templates.words)
                return templates.response(.reportProblem, state, status: .unprocessableEntity)
            case .alreadyReported:
                return try await receiptPage(rideID: rideID, status: .conflict, error: message)
            case .rideNotFound, .ratingClosed, .tipAlreadyGiven:
                return notFound()
            }
        }
    }

    private func receiptPage(
        rideID: RideID?, status: HTTPResponseStatus = .ok, error: ErrorMessage? = nil,
        ratingForm: (RideRecord) -> RatingFormViewState? = { _ in nil }
    ) async throws -> Response {
        guard let rideID, let record = try await useCaseFactory.makeLoadRideReceiptUseCase(rideID: rideID).run()
        else { return notFound() }
        let state = RideReceiptViewState(
            record: record, mapTiles: mapTiles, now: now(), csrfToken: csrfToken, ratingForm: ratingForm(record),
            error: error, templates.words)
        return templates.response(.rideReceipt, state, status: status)
    }

    private func notFound() -> Response {
        ErrorPages(templates: templates).response(.notFound)
    }
}
