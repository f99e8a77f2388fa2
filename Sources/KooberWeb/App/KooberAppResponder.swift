import HTTPServer
import KooberKit
import Logging
import NIOHTTP1

/// Koober's front door: sends Koober Cloud's operations to `CloudResponder`, and for the pages matches the route,
/// checks form posts, dispatches exhaustively, and turns any unexpected error into the 500 page.
struct KooberAppResponder: Responder {
    let container: KooberAppDependencyContainer

    func respond(to request: Request) async -> Response {
        let cloudMatch = CloudRoute.match(method: request.method, path: request.path)
        if case .route(let operation) = cloudMatch {
            return await CloudResponder(container: container).respond(to: operation, request: request)
        }
        // Koober Cloud's paths answer their errors in JSON; `/ride` is the page's too, and takes POST as well.
        let errors: any ErrorAnswers =
            CloudRoute.ownsPath(request.path) ? CloudErrors() : container.makeErrorPages()
        let pageMatch = Route.match(method: request.method, path: request.path)
        switch pageMatch {
        case .notFound where cloudMatch == .notFound:
            var response = errors.response(.notFound, message: nil)
            response.route = "not_found"
            return response
        case .notFound, .methodNotAllowed:
            var response = errors.response(.methodNotAllowed, message: nil)
            let allowed = pageMatch.allowedMethods + cloudMatch.allowedMethods
            response.headers.replaceOrAdd(name: "Allow", value: allowed.map(\.rawValue).joined(separator: ", "))
            response.route = "method_not_allowed"
            return response
        case .route(let route):
            var response = await UnexpectedErrorResponder(errorPages: errors, logger: container.logger)
                .respond(to: request) {
                    let visitor = try await Visitor(
                        request: request, container: container, withRideState: route == .ride)
                    var response = try await respond(to: route, request: request, visitor: visitor)
                    if let cookie = visitor.newCSRFCookie { response.setCookie(cookie) }
                    return response
                }
            response.route = route.rawValue
            return response
        }
    }

    private func respond(to route: Route, request: Request, visitor: Visitor) async throws -> Response {
        switch route {
        case .launch:
            return .redirect(to: visitor.session == nil ? Route.welcome.path : Route.ride.path)
        case .welcome:
            return await onboarding(visitor) { _ in container.templates.response(.welcome, WelcomeViewState()) }
        case .signIn:
            return await onboarding(visitor) { $0.makeSignInScreen().show() }
        case .submitSignIn:
            return try await checkedForm(request, visitor) { form in
                try await onboarding(visitor) {
                    try await $0.makeSignInScreen().signIn(email: form["email"] ?? "", password: form["password"] ?? "")
                }
            }
        case .signUp:
            return await onboarding(visitor) { $0.makeSignUpScreen().show() }
        case .submitSignUp:
            return try await checkedForm(request, visitor) { form in
                try await onboarding(visitor) { try await $0.makeSignUpScreen().signUp(NewAccount(form: form)) }
            }
        case .ride:
            return try await pickMeUp(visitor) {
                try await $0.makePickMeUpScreen().show(readWithSession: visitor.rideState)
            }
        case .dropoffPicker:
            return try await decoded(request, request.query) { query in
                try await pickMeUp(visitor) { try await $0.makeDropoffPickerScreen().show(query: query["q"] ?? "") }
            }
        case .selectDropoff:
            return try await checkedForm(request, visitor) { form in
                try await pickMeUp(visitor) {
                    try await $0.makeDropoffPickerScreen().select(
                        dropoffLocationID: form["place_id"].flatMap(PlaceID.init))
                }
            }
        case .confirmRide:
            return try await checkedForm(request, visitor) { form in
                try await pickMeUp(visitor) {
                    try await $0.makePickMeUpScreen().confirm(rideOptionID: form["ride_option"])
                }
            }
        case .startNewRide:
            return try await checkedForm(request, visitor) { _ in
                try await pickMeUp(visitor) { try await $0.makePickMeUpScreen().startNewRide() }
            }
        case .rideEvents:
            // An EventSource that gets 204 stops reconnecting: nobody signed in, or no ride to follow.
            guard let session = visitor.session else { return Response(status: .noContent) }
            return try await container.makeSignedInContainer(
                userSession: session, csrfToken: visitor.csrfToken, clientAddress: visitor.address
            )
            .makeRideEventsResponder(errors: container.makeErrorPages())
            .respond(lastEventID: request.headers.first(name: "Last-Event-ID"))
        case .cancelRide:
            return try await checkedForm(request, visitor) { _ in
                try await pickMeUp(visitor) { try await $0.makePickMeUpScreen().cancel() }
            }
        case .profile:
            return try await signedIn(visitor) { try await $0.makeProfileScreen().show() }
        case .rideHistory:
            return try await decoded(request, request.query) { query in
                try await signedIn(visitor) { try await $0.makeProfileScreen().history(before: query["before"]) }
            }
        case .editProfile:
            return await signedIn(visitor) { $0.makeAccountScreen().showEditProfile() }
        case .submitEditProfile:
            return try await checkedForm(request, visitor) { form in
                try await signedIn(visitor) {
                    try await $0.makeAccountScreen().editProfile(
                        name: form["name"] ?? "", nickname: form["nickname"] ?? "",
                        mobileNumber: form["mobileNumber"] ?? "")
                }
            }
        case .changePassword:
            return await signedIn(visitor) { $0.makeAccountScreen().showChangePassword() }
        case .submitChangePassword:
            return try await checkedForm(request, visitor) { form in
                try await signedIn(visitor) {
                    try await $0.makeAccountScreen().changePassword(
                        currentPassword: form["currentPassword"] ?? "", newPassword: form["newPassword"] ?? "")
                }
            }
        case .signOutEverywhere:
            return try await checkedForm(request, visitor) { _ in
                try await signedIn(visitor) { try await $0.makeAccountScreen().signOutEverywhere() }
            }
        case .deleteAccount:
            return await signedIn(visitor) { $0.makeAccountScreen().showDeleteAccount() }
        case .submitDeleteAccount:
            return try await checkedForm(request, visitor) { form in
                try await signedIn(visitor) {
                    try await $0.makeAccountScreen().deleteAccount(password: form["password"] ?? "")
                }
            }
        case .rideReceipt:
            return try await signedIn(visitor) {
                try await $0.makeProfileScreen().receipt(rideID: Route.rideID(in: request.path))
            }
        case .signOut:
            return try await checkedForm(request, visitor) { _ in
                try await signedIn(visitor) { try await $0.makeProfileScreen().signOut() }
            }
        case .healthCheck:
            let healthy = await container.services.healthCheck()
            return healthy ? .text("ok") : .text("unavailable", status: .serviceUnavailable)
        }
    }

    /// Decodes a form post and checks its token against the visitor's session (or pre-session id): an undecodable
    /// form is a 400, a missing, stale or foreign token a 403, and in neither case does anything change.
    private func checkedForm(
        _ request: Request, _ visitor: Visitor, _ body: (URLEncodedForm) async throws -> Response
    ) async throws -> Response {
        try await decoded(request, request.form) { form in
            guard container.makeCSRFProtection().accepts(request, form: form, binding: visitor.csrfBinding) else {
                container.logger.notice(
                    "Refused a form post without a valid token", metadata: ["request_id": "\(request.id)"])
                return container.makeErrorPages().response(.forbidden)
            }
            return try await body(form)
        }
    }

    /// Runs `body` with the decoded form or query; bad percent-escapes or invalid UTF-8 get the 400 page.
    private func decoded(
        _ request: Request, _ decode: () throws(FormDecodingError) -> URLEncodedForm,
        _ body: (URLEncodedForm) async throws -> Response
    ) async throws -> Response {
        let form: URLEncodedForm
        do {
            form = try decode()
        } catch {
            container.logger.notice("Refused an undecodable form: \(error)", metadata: ["request_id": "\(request.id)"])
            return container.makeErrorPages().response(.badRequest)
        }
        return try await body(form)
    }

    /// Onboarding pages are for visitors without a session; a signed-in rider goes on to pick-me-up.
    private func onboarding(
        _ visitor: Visitor, _ body: (KooberOnboardingDependencyContainer) async throws -> Response
    ) async rethrows -> Response {
        guard visitor.session == nil else { return .redirect(to: Route.ride.path) }
        return try await body(
            container.makeOnboardingContainer(csrfToken: visitor.csrfToken, clientAddress: visitor.address)
        )
    }

    /// Pick-me-up pages: signed in, and scoped to where the rider is now.
    private func pickMeUp(
        _ visitor: Visitor, _ body: (KooberPickMeUpDependencyContainer) async throws -> Response
    ) async throws -> Response {
        try await signedIn(visitor) { try await body(try await $0.makePickMeUpContainer()) }
    }

    /// Signed-in pages need a session; without one the visitor goes to Welcome.
    private func signedIn(
        _ visitor: Visitor, _ body: (KooberSignedInDependencyContainer) async throws -> Response
    ) async rethrows -> Response {
        guard let session = visitor.session else { return .redirect(to: Route.welcome.path) }
        return try await body(
            container.makeSignedInContainer(
                userSession: session, csrfToken: visitor.csrfToken, clientAddress: visitor.address))
    }
}

extension NewAccount {
    /// The account a Sign Up form describes; a missing field is empty (and validation says so).
    init(form: URLEncodedForm) {
        self.init(
            name: form["name"] ?? "", nickname: form["nickname"] ?? "", email: form["email"] ?? "",
            mobileNumber: form["mobileNumber"] ?? "", password: form["password"] ?? ""
        )
    }
}
