import Foundation
import HTTPServer
import KooberKit
import NIOHTTP1

/// **Rides** in Koober Ops (SPEC.md): find one by id, look at its page (its timeline), **Cancel Ride** while it is live
/// and **Refund** once it has finished; each act back to the ride's page, a refusal shown beside its form.
struct OpsRidesScreen {
    let templates: TemplateRenderer
    let errorPages: ErrorPages
    let services: KooberServices
    let staff: AuthorizedStaff
    let navigation: OpsNavigation
    let csrfToken: String
    let rideSignal: any RideChangeSignal

    /// The form; with a query, on to the ride found, or the form again saying none was (a 200: an answer).
    func find(query: String) async throws -> Response {
        guard !query.trimmingCharacters(in: .whitespaces).isEmpty else {
            return templates.response(.opsRides, OpsRidesViewState(navigation: navigation, query: "", error: nil))
        }
        guard
            let rideID = try await FindRideUseCase(query: query, member: staff.member, rides: services.rideRepository)
                .run()
        else {
            let state = OpsRidesViewState(navigation: navigation, query: query, error: OpsRideWords.noSuchRide)
            return templates.response(.opsRides, state)
        }
        return .redirect(to: OpsRoute.ridePath(rideID))
    }

    /// The ride's page, brought up to the clock.
    func show(
        _ rideID: RideID?, error: ErrorMessage? = nil, failedForm: OpsRoute? = nil, reason: String = "",
        amount: String = "", status: HTTPResponseStatus = .ok
    ) async throws -> Response {
        guard let rideID else { return errorPages.response(.notFound) }
        do {
            let opsRide = try await LookAtRideUseCase(
                rideID: rideID, member: staff.member, now: services.now(), opsRides: services.opsRideRepository,
                rides: services.rideRepository
            ).run()
            let state = OpsRideViewState(
                navigation: navigation, opsRide: opsRide, member: staff.member, csrfToken: csrfToken, error: error,
                failedForm: failedForm, reason: reason, amount: amount, templates.words)
            return templates.response(.opsRide, state, status: status)
        } catch OpsRideError.noSuchRide {
            return errorPages.response(.notFound, message: OpsRideWords.noSuchRide)
        }
    }

    /// **Cancel Ride** by Koober, free of charge; then back to the ride's page.
    func cancel(_ rideID: RideID?, reason: String) async throws -> Response {
        guard let rideID else { return errorPages.response(.notFound) }
        do {
            _ = try await CancelRideByKooberUseCase(
                rideID: rideID, reason: reason, member: staff.member, now: services.now(),
                opsRides: services.opsRideRepository, rides: services.rideRepository, signal: rideSignal
            ).run()
            return .redirect(to: OpsRoute.ridePath(rideID))
        } catch let error as OpsRideError {
            return try await refused(rideID, error, form: .cancelRide, reason: reason, amount: "")
        }
    }

    /// **Refund**, with a fresh receipt mailed to the rider; then back to the ride's page.
    func refund(_ rideID: RideID?, amount: String, reason: String) async throws -> Response {
        guard let rideID else { return errorPages.response(.notFound) }
        do {
            _ = try await RefundRideUseCase(
                rideID: rideID, amount: amount, reason: reason, member: staff.member, now: services.now(),
                opsRides: services.opsRideRepository
            ).run()
            return .redirect(to: OpsRoute.ridePath(rideID))
        } catch let error as OpsRideError {
            return try await refused(rideID, error, form: .refundRide, reason: reason, amount: amount)
        }
    }

    /// The ride's page again with what was refused, the amount as typed (its first 32 characters: more than any amount
    /// has); a 404 for no such ride, 403 for a role that may not.
    private func refused(_ rideID: RideID, _ error: OpsRideError, form: OpsRoute, reason: String, amount: String)
        async throws -> Response
    {
        switch error {
        case .noSuchRide: return errorPages.response(.notFound, message: OpsRideWords.noSuchRide)
        case .notAllowed: return errorPages.response(.forbidden, message: OpsResponder.notAllowedMessage)
        case .notLive, .notFinished, .alreadyRefunded, .overLimit, .invalid:
            return try await show(
                rideID, error: OpsRideWords.message(for: error, templates.words), failedForm: form, reason: reason,
                amount: String(amount.prefix(32)), status: .unprocessableEntity)
        }
    }
}
