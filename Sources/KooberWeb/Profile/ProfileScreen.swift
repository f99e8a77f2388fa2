import HTTPServer
import KooberKit
import KooberMap

/// My Profile: the rider's details with their newest rides, the older rides page by page, each ride's receipt,
/// and Sign Out.
struct ProfileScreen {
    let templates: TemplateRenderer
    let csrfToken: String
    let mapTiles: MapTiles
    let loadUserProfileUseCaseFactory: any LoadUserProfileUseCaseFactory
    let loadRideHistoryUseCaseFactory: any LoadRideHistoryUseCaseFactory
    let signOutUseCaseFactory: any SignOutUseCaseFactory
    let sessionCookie: SessionCookie
    let csrfProtection: CSRFProtection

    func show() async throws -> Response {
        do {
            let profile = try await loadUserProfileUseCaseFactory.makeLoadUserProfileUseCase().run()
            let history = try await loadRideHistoryUseCaseFactory.makeLoadRideHistoryUseCase(
                before: nil, pageSize: LoadRideHistoryUseCase.profilePageSize
            ).run()
            return templates.response(
                .profile, ProfileViewState(csrfToken: csrfToken, profile: profile, history: history))
        } catch let error as LoadUserProfileError {
            return ErrorPages(templates: templates).response(.notFound, message: error.errorMessage)
        }
    }

    /// A page of older rides, `/profile/rides?before=<cursor>` (the newest without one); a cursor Koober did not write
    /// is a 400 page.
    func history(before text: String?) async throws -> Response {
        var before: RideHistoryCursor?
        if let text {
            guard let cursor = RideHistoryCursor(text: text) else {
                return ErrorPages(templates: templates).response(.badRequest)
            }
            before = cursor
        }
        let history = try await loadRideHistoryUseCaseFactory.makeLoadRideHistoryUseCase(
            before: before, pageSize: LoadRideHistoryUseCase.historyPageSize
        ).run()
        return templates.response(.rideHistory, RideHistoryPageViewState(history: RideHistoryViewState(history)))
    }

    /// A ride's receipt, the rider's own only: any other ride, or none, is the 404 page.
    func receipt(rideID: RideID?) async throws -> Response {
        guard let rideID,
            let record = try await loadRideHistoryUseCaseFactory.makeLoadRideReceiptUseCase(rideID: rideID).run()
        else { return ErrorPages(templates: templates).response(.notFound) }
        return templates.response(.rideReceipt, RideReceiptViewState(record: record, mapTiles: mapTiles))
    }

    /// Ends the session on the server, and has the browser forget it and any pre-session id: the next signed-out
    /// page binds its forms to a new one.
    func signOut() async throws -> Response {
        try await signOutUseCaseFactory.makeSignOutUseCase().run()
        var response = Response.redirect(to: Route.welcome.path)
        response.setCookie(sessionCookie.clearing())
        response.setCookie(csrfProtection.retiringPreSession())
        return response
    }
}
