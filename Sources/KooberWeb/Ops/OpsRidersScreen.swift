import Foundation
import HTTPServer
import KooberKit
import NIOHTTP1

/// **Riders** in Koober Ops (SPEC.md): find one by exact email or ride id, look at their page (each look in the audit
/// log), lock and unlock their account.
struct OpsRidersScreen {
    let templates: TemplateRenderer
    let errorPages: ErrorPages
    let services: KooberServices
    let staff: AuthorizedStaff
    let navigation: OpsNavigation
    let csrfToken: String
    let rideSignal: any RideChangeSignal
    let sessionSignal: any SessionEndSignal

    /// The form; with a query, on to the rider found, or the form again saying none was.
    func find(query: String) async throws -> Response {
        let trimmed = query.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else {
            return templates.response(.opsRiders, OpsRidersViewState(navigation: navigation, query: "", error: nil))
        }
        let found = try await FindRiderUseCase(
            query: trimmed, member: staff.member, riderAccounts: services.riderAccountRepository
        ).run()
        // A search that finds nobody is an answer, not a missing page: 200, saying so.
        guard let rider = found else {
            let state = OpsRidersViewState(navigation: navigation, query: query, error: OpsRiderWords.noSuchRider)
            return templates.response(.opsRiders, state)
        }
        return .redirect(to: OpsRoute.riderPath(rider.id))
    }

    /// The rider's page, its look written to the audit log.
    func show(_ userID: UserID?, error: ErrorMessage? = nil, reason: String = "", status: HTTPResponseStatus = .ok)
        async throws -> Response
    {
        guard let userID else { return errorPages.response(.notFound) }
        do {
            let page = try await LookAtRiderUseCase(
                userID: userID, member: staff.member, now: services.now(),
                riderAccounts: services.riderAccountRepository, rides: services.rideRepository
            ).run()
            let state = OpsRiderViewState(
                navigation: navigation, page: page, csrfToken: csrfToken, error: error, reason: reason, templates.words)
            return templates.response(.opsRider, state, status: status)
        } catch RiderAccountError.noSuchRider {
            return errorPages.response(.notFound, message: OpsRiderWords.message(for: .noSuchRider, templates.words))
        }
    }

    /// **Lock Account**: every session and token ends, the ride in progress and the upcoming ones are cancelled, and
    /// sign-in is refused until unlocked; then back to the rider's page.
    func lock(_ userID: UserID?, reason: String) async throws -> Response {
        guard let userID else { return errorPages.response(.notFound) }
        do {
            _ = try await LockRiderAccountUseCase(
                userID: userID, reason: reason, member: staff.member, now: services.now(),
                riderAccounts: services.riderAccountRepository, rides: services.rideRepository,
                rideSignal: rideSignal, sessionSignal: sessionSignal
            ).run()
            return .redirect(to: OpsRoute.riderPath(userID))
        } catch let error as RiderAccountError {
            return try await refused(userID, error, reason: reason)
        }
    }

    /// **Unlock Account**; then back to the rider's page.
    func unlock(_ userID: UserID?) async throws -> Response {
        guard let userID else { return errorPages.response(.notFound) }
        do {
            try await UnlockRiderAccountUseCase(
                userID: userID, member: staff.member, now: services.now(),
                riderAccounts: services.riderAccountRepository
            ).run()
            return .redirect(to: OpsRoute.riderPath(userID))
        } catch let error as RiderAccountError {
            return try await refused(userID, error, reason: "")
        }
    }

    /// The rider's page again with what was refused (a 404 for no such rider).
    private func refused(_ userID: UserID, _ error: RiderAccountError, reason: String) async throws -> Response {
        if error == .noSuchRider {
            return errorPages.response(.notFound, message: OpsRiderWords.message(for: error, templates.words))
        }
        return try await show(
            userID, error: OpsRiderWords.message(for: error, templates.words), reason: reason,
            status: .unprocessableEntity)
    }
}
