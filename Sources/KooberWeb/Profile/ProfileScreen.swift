import HTTPServer
import KooberKit
import KooberMap
import NIOHTTP1

/// My Profile: the rider's details with their newest rides (and whether their email is confirmed, with
/// **Send Confirmation Email**), the older rides page by page, each ride's receipt, and Sign Out.
struct ProfileScreen {
    let templates: TemplateRenderer
    let csrfToken: String
    let mapTiles: MapTiles
    let loadUserProfileUseCaseFactory: any LoadUserProfileUseCaseFactory
    let loadRideHistoryUseCaseFactory: any LoadRideHistoryUseCaseFactory
    let emailConfirmationUseCaseFactory: any EmailConfirmationUseCaseFactory
    let signOutUseCaseFactory: any SignOutUseCaseFactory
    let scheduledRidesUseCaseFactory: any ScheduledRidesUseCaseFactory
    let sessionCookie: SessionCookie
    let csrfProtection: CSRFProtection

    func show() async throws -> Response {
        try await page()
    }

    /// Sends the confirmation link again: My Profile with **Confirmation Email Sent**, or the error panel when the
    /// rider asked too often lately (429); an email confirmed meanwhile is just My Profile.
    func sendEmailConfirmation() async throws -> Response {
        do {
            try await emailConfirmationUseCaseFactory.makeSendEmailConfirmationUseCase().run()
            return try await page { AccountLinkNotice.confirmationSent(to: $0.email, templates.words) }
        } catch SendEmailConfirmationError.alreadyConfirmed {
            return .redirect(to: Route.profile.path)
        } catch let error as SendEmailConfirmationError {
            return try await page(error: error.errorMessage(templates.words), status: .tooManyRequests)
        }
    }

    /// Cancel on an upcoming ride: My Profile with **Ride Cancelled**; once it has started, My Profile with the error
    /// panel (409); a ride that is not the rider's (or none) is the 404 page.
    func cancelScheduledRide(id: ScheduledRideID?) async throws -> Response {
        let upcoming = try await scheduledRidesUseCaseFactory.makeLoadUpcomingRidesUseCase().run()
        guard let id else { return ErrorPages(templates: templates).response(.notFound) }
        do {
            try await scheduledRidesUseCaseFactory.makeCancelScheduledRideUseCase(id: id).run()
            let cancelled = upcoming.first { $0.id == id }
            return try await page { _ in cancelled.map { ScheduledRideNotice.cancelled($0, templates.words) } }
        } catch ScheduledRideRepositoryError.notFound {
            return ErrorPages(templates: templates).response(.notFound)
        } catch let error as ScheduledRideRepositoryError {
            return try await page(error: error.errorMessage(templates.words), status: .conflict)
        }
    }

    /// My Profile: the profile, whether its email is confirmed and the newest rides, read one after the other (each is
    /// one indexed look-up; side by side they would only take more of the store's readers at once).
    private func page(
        notice: (UserProfile) -> ErrorMessage? = { _ in nil }, error: ErrorMessage? = nil,
        status: HTTPResponseStatus = .ok
    ) async throws -> Response {
        do {
            let profile = try await loadUserProfileUseCaseFactory.makeLoadUserProfileUseCase().run()
            let confirmed = try await emailConfirmationUseCaseFactory.makeLoadEmailConfirmationUseCase().run()
            let history = try await loadRideHistoryUseCaseFactory.makeLoadRideHistoryUseCase(
                before: nil, pageSize: LoadRideHistoryUseCase.profilePageSize
            ).run()
            let upcoming = try await scheduledRidesUseCaseFactory.makeLoadUpcomingRidesUseCase().run()
            let state = ProfileViewState(
                csrfToken: csrfToken, profile: profile, emailConfirmed: confirmed, history: history,
                upcomingRides: upcoming, notice: notice(profile), error: error, templates.words)
            return templates.response(.profile, state, status: status)
        } catch let error as LoadUserProfileError {
            return ErrorPages(templates: templates).response(.notFound, message: error.errorMessage(templates.words))
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
        return templates.response(
            .rideHistory, RideHistoryPageViewState(history: RideHistoryViewState(history, templates.words)))
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
