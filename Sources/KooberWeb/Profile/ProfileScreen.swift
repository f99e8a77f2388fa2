import HTTPServer
import KooberKit

/// My Profile: shows the rider's details and signs them out.
struct ProfileScreen {
    let templates: TemplateRenderer
    let csrfToken: String
    let loadUserProfileUseCaseFactory: any LoadUserProfileUseCaseFactory
    let loadRideHistoryUseCaseFactory: any LoadRideHistoryUseCaseFactory
    let signOutUseCaseFactory: any SignOutUseCaseFactory
    let sessionCookie: SessionCookie
    let csrfProtection: CSRFProtection

    func show() async throws -> Response {
        do {
            let profile = try await loadUserProfileUseCaseFactory.makeLoadUserProfileUseCase().run()
            let rides = try await loadRideHistoryUseCaseFactory.makeLoadRideHistoryUseCase().run()
            return templates.response(.profile, ProfileViewState(csrfToken: csrfToken, profile: profile, rides: rides))
        } catch let error as ErrorMessage {
            return ErrorPages(templates: templates).response(.notFound, message: error)
        }
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
