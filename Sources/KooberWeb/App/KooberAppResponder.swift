import HTTPServer
import KooberKit
import Logging
import NIOHTTP1

/// Koober's front door: sends /ops to Koober Ops (`OpsResponder`) and Koober Cloud's operations to `CloudResponder`;
/// for the pages, matches the route, reads its input (`RouteRequest`), verifies form posts (`VerifiedForm`),
/// dispatches exhaustively, and turns any unexpected error into the 500 page.
struct KooberAppResponder: Responder {
    let container: KooberAppDependencyContainer

    func respond(to request: Request) async -> Response {
        if OpsRoute.ownsPath(request.path) { return await OpsResponder(container: container).respond(to: request) }
        let cloudMatch = CloudRoute.match(method: request.method, path: request.path)
        if case .route(let operation, let capture) = cloudMatch {
            return await CloudResponder(container: container).respond(to: operation, capture: capture, request: request)
        }
        // Koober Cloud's paths answer their errors in JSON; `/ride` is the page's too, and takes POST as well.
        let errors: any ErrorAnswers =
            CloudRoute.ownsPath(request.path)
            ? CloudErrors(words: container.templates.speaking(AcceptLanguage.language(of: request)).words)
            : ErrorPages(
                templates: container.templates.speaking(container.makeLanguageCookie().visitorLanguage(of: request)))
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
        case .route(let route, let capture):
            var response = await UnexpectedErrorResponder(errorPages: errors, logger: container.logger)
                .respond(to: request) {
                    let visitor = try await Visitor(
                        request: request, container: container, sessionRead: route.sessionRead,
                        carriesLinkToken: route.carriesLinkToken)
                    var response = try await respond(to: route, capture: capture, request: request, visitor: visitor)
                    if let cookie = visitor.newCSRFCookie { response.setCookie(cookie) }
                    // The Language form sets the cookie itself, to the new choice.
                    if let cookie = visitor.newLanguageCookie, route != .chooseLanguage { response.setCookie(cookie) }
                    return response
                }
            response.route = route.rawValue
            // Whatever it answers (its error pages too), a page whose address carries a mailed link's token sends
            // no `Referer`: the token does not leave with the page's assets or links.
            if route.carriesLinkToken {
                response.headers.replaceOrAdd(name: "Referrer-Policy", value: "no-referrer")
            }
            // A shared ride's page, stream and ended link's page (its 404/500 alike): kept by nobody, listed nowhere.
            if route.isSharedRide {
                response.headers.replaceOrAdd(name: "Cache-Control", value: "no-store")
                response.headers.replaceOrAdd(name: "X-Robots-Tag", value: "noindex")
            }
            return response
        }
    }

    /// Reads the route's input and answers it: an undecodable query or form gets the 400 page, and changes nothing.
    private func respond(
        to route: Route, capture: PathValue?, request: Request, visitor: Visitor
    ) async throws -> Response {
        let routeRequest: RouteRequest
        do {
            routeRequest = try RouteRequest(route, capture: capture, request)
        } catch {
            container.logger.notice("Refused an undecodable form: \(error)", metadata: ["request_id": "\(request.id)"])
            return ErrorPages(templates: visitor.templates).response(.badRequest)
        }
        return try await respond(to: routeRequest, request: request, visitor: visitor)
    }

    private func respond(to route: RouteRequest, request: Request, visitor: Visitor) async throws -> Response {
        switch route {
        case .launch:
            return .redirect(to: visitor.session == nil ? Route.welcome.path : Route.ride.path)
        case .welcome:
            return await onboarding(visitor) { _ in visitor.templates.response(.welcome, WelcomeViewState()) }
        case .signIn:
            return await onboarding(visitor) { $0.makeSignInScreen(csrfToken: visitor.csrfToken).show() }
        case .signUp:
            return await onboarding(visitor) { $0.makeSignUpScreen(csrfToken: visitor.csrfToken).show() }
        case .forgotPassword:
            return await anyone(visitor) { $0.showForgotPassword() }
        case .resetPassword(let token):
            return try await anyone(visitor) { try await $0.showResetPassword(token: token) }
        case .confirmEmail(let token):
            return try await anyone(visitor) {
                try await $0.confirmEmail(token: token, signedIn: visitor.session != nil)
            }
        case .ride:
            return try await pickMeUp(visitor) { try await $0.makePickMeUpScreen(csrfToken: visitor.csrfToken).show() }
        case .dropoffPicker(let query):
            return try await pickMeUp(visitor) {
                try await $0.makeDropoffPickerScreen(csrfToken: visitor.csrfToken).show(query: query)
            }
        case .rideEvents(let lastEventID):
            // An EventSource that gets 204 stops reconnecting: nobody signed in, or no ride to follow.
            guard visitor.session != nil else { return Response(status: .noContent) }
            return try await signedIn(visitor) {
                try await $0.rideEvents(errors: ErrorPages(templates: visitor.templates), lastEventID: lastEventID)
            }
        case .profile:
            return try await signedIn(visitor) { try await $0.makeProfileScreen(csrfToken: visitor.csrfToken).show() }
        case .rideHistory(let before):
            return try await signedIn(visitor) {
                try await $0.makeProfileScreen(csrfToken: visitor.csrfToken).history(before: before)
            }
        case .editProfile:
            return await signedIn(visitor) { $0.makeAccountScreen(csrfToken: visitor.csrfToken).showEditProfile() }
        case .changePassword:
            return await signedIn(visitor) { $0.makeAccountScreen(csrfToken: visitor.csrfToken).showChangePassword() }
        case .deleteAccount:
            return await signedIn(visitor) { $0.makeAccountScreen(csrfToken: visitor.csrfToken).showDeleteAccount() }
        case .rideReceipt(let rideID):
            return try await signedIn(visitor) {
                try await $0.makeRideFeedbackScreen(csrfToken: visitor.csrfToken).receipt(rideID: rideID)
            }
        case .reportProblem(let rideID):
            return try await signedIn(visitor) {
                try await $0.makeRideFeedbackScreen(csrfToken: visitor.csrfToken).showReport(rideID: rideID)
            }
        case .savedPlaces:
            return try await signedIn(visitor) {
                try await $0.makeSavedPlacesScreen(csrfToken: visitor.csrfToken).show()
            }
        case .newSavedPlace(let placeID):
            return try await signedIn(visitor) {
                try await $0.makeSavedPlacesScreen(csrfToken: visitor.csrfToken).showNew(placeID: placeID)
            }
        case .sharedRide(let token):
            return try await container.makeSharedRideScreen(templates: visitor.templates).show(token: token)
        case .sharedRideEvents(let token, let lastEventID):
            return try await container.makeSharedRideScreen(templates: visitor.templates).events(
                token: token, lastEventID: lastEventID)
        case .healthCheck:
            let healthy = await container.services.healthCheck()
            return healthy ? .text("ok") : .text("unavailable", status: .serviceUnavailable)
        case .submit(let action, let token):
            guard
                let form = container.makeCSRFProtection().verify(
                    action, token: token, request: request, binding: visitor.csrfBinding)
            else {
                container.logger.notice(
                    "Refused a form post without a valid token", metadata: ["request_id": "\(request.id)"])
                return ErrorPages(templates: visitor.templates).response(.forbidden)
            }
            return try await respond(to: form, visitor: visitor)
        }
    }

    /// A form's action, once its token is verified: the only way to a screen that changes anything.
    private func respond(to form: VerifiedForm, visitor: Visitor) async throws -> Response {
        switch form.action {
        case .signIn(let email, let password):
            return try await onboarding(visitor) {
                try await $0.makeSignInScreen(csrfToken: visitor.csrfToken).signIn(email: email, password: password)
            }
        case .signUp(let account):
            return try await onboarding(visitor) {
                try await $0.makeSignUpScreen(csrfToken: visitor.csrfToken).signUp(account)
            }
        case .requestPasswordReset(let email):
            return try await anyone(visitor) { try await $0.requestPasswordReset(email: email) }
        case .resetPassword(let token, let newPassword):
            return try await anyone(visitor) { try await $0.resetPassword(token: token, newPassword: newPassword) }
        case .selectDropoff(let placeID):
            return try await pickMeUp(visitor) {
                try await $0.makeDropoffPickerScreen(csrfToken: visitor.csrfToken).select(dropoffLocationID: placeID)
            }
        case .confirmRide(let rideOptionID):
            return try await pickMeUp(visitor) {
                try await $0.makePickMeUpScreen(csrfToken: visitor.csrfToken).confirm(rideOptionID: rideOptionID)
            }
        case .scheduleRide(let rideOptionID, let date, let time):
            return try await pickMeUp(visitor) {
                try await $0.makePickMeUpScreen(csrfToken: visitor.csrfToken).schedule(
                    rideOptionID: rideOptionID, date: date, time: time)
            }
        case .cancelScheduledRide(let id):
            return try await signedIn(visitor) {
                try await $0.makeProfileScreen(csrfToken: visitor.csrfToken).cancelScheduledRide(id: id)
            }
        case .shareRide:
            return try await pickMeUp(visitor) { try await $0.makePickMeUpScreen(csrfToken: visitor.csrfToken).share() }
        case .stopSharingRide:
            return try await pickMeUp(visitor) {
                try await $0.makePickMeUpScreen(csrfToken: visitor.csrfToken).stopSharing()
            }
        case .startNewRide:
            return try await pickMeUp(visitor) {
                try await $0.makePickMeUpScreen(csrfToken: visitor.csrfToken).startNewRide()
            }
        case .cancelRide:
            return try await pickMeUp(visitor) {
                try await $0.makePickMeUpScreen(csrfToken: visitor.csrfToken).cancel()
            }
        case .editProfile(let name, let nickname, let mobileNumber):
            return try await signedIn(visitor) {
                try await $0.makeAccountScreen(csrfToken: visitor.csrfToken).editProfile(
                    name: name, nickname: nickname, mobileNumber: mobileNumber)
            }
        case .changePassword(let currentPassword, let newPassword):
            return try await signedIn(visitor) {
                try await $0.makeAccountScreen(csrfToken: visitor.csrfToken).changePassword(
                    currentPassword: currentPassword, newPassword: newPassword)
            }
        case .signOutEverywhere:
            return try await signedIn(visitor) {
                try await $0.makeAccountScreen(csrfToken: visitor.csrfToken).signOutEverywhere()
            }
        case .deleteAccount(let password):
            return try await signedIn(visitor) {
                try await $0.makeAccountScreen(csrfToken: visitor.csrfToken).deleteAccount(password: password)
            }
        case .sendEmailConfirmation:
            return try await signedIn(visitor) {
                try await $0.makeProfileScreen(csrfToken: visitor.csrfToken).sendEmailConfirmation()
            }
        case .signOut:
            return try await signedIn(visitor) {
                try await $0.makeProfileScreen(csrfToken: visitor.csrfToken).signOut()
            }
        case .chooseLanguage(let language, let returnTo):
            guard let language else { return ErrorPages(templates: visitor.templates).response(.badRequest) }
            try await ChooseLanguageUseCase(
                language: language, riderID: visitor.session?.profile.id,
                userRepository: container.services.userRepository
            ).run()
            var response = Response.redirect(to: returnTo.flatMap(ReturnPath.init)?.value ?? Route.launch.path)
            response.setCookie(container.makeLanguageCookie().setting(language))
            return response
        case .rateRide(let rideID, let rating):
            return try await signedIn(visitor) {
                try await $0.makeRideFeedbackScreen(csrfToken: visitor.csrfToken).rate(rideID: rideID, form: rating)
            }
        case .reportProblem(let rideID, let category, let text):
            return try await signedIn(visitor) {
                try await $0.makeRideFeedbackScreen(csrfToken: visitor.csrfToken).report(
                    rideID: rideID, category: category, text: text)
            }
        case .rideAgain(let rideID):
            return try await pickMeUp(visitor) {
                try await $0.makeDropoffPickerScreen(csrfToken: visitor.csrfToken).rideAgain(rideID: rideID)
            }
        case .savePlace(let placeID, let choice, let ownLabel):
            return try await signedIn(visitor) {
                try await $0.makeSavedPlacesScreen(csrfToken: visitor.csrfToken).save(
                    placeID: placeID, choice: choice, ownLabel: ownLabel)
            }
        case .renameSavedPlace(let label, let newLabel):
            return try await signedIn(visitor) {
                try await $0.makeSavedPlacesScreen(csrfToken: visitor.csrfToken).rename(
                    label: label, newLabel: newLabel)
            }
        case .removeSavedPlace(let label):
            return try await signedIn(visitor) {
                try await $0.makeSavedPlacesScreen(csrfToken: visitor.csrfToken).remove(label: label)
            }
        }
    }

    /// The mailed links' pages, for anyone: signed out, or signed in (a rider who forgot a password elsewhere).
    private func anyone(_ visitor: Visitor, _ body: (AccountLinkScreen) async throws -> Response) async rethrows
        -> Response
    {
        try await body(
            container.makeOnboardingContainer(clientAddress: visitor.address, templates: visitor.templates)
                .makeAccountLinkScreen(csrfToken: visitor.csrfToken))
    }

    /// Onboarding pages are for visitors without a session; a signed-in rider goes on to pick-me-up.
    private func onboarding(
        _ visitor: Visitor, _ body: (KooberOnboardingDependencyContainer) async throws -> Response
    ) async rethrows -> Response {
        guard visitor.session == nil else { return .redirect(to: Route.ride.path) }
        return try await body(
            container.makeOnboardingContainer(clientAddress: visitor.address, templates: visitor.templates)
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
        guard let session = visitor.session, let sessionToken = visitor.sessionToken else {
            return .redirect(to: Route.welcome.path)
        }
        return try await body(
            container.makeSignedInContainer(
                userSession: session, sessionToken: sessionToken, clientAddress: visitor.address,
                templates: visitor.templates, rideStateReadWithSession: visitor.rideState))
    }
}
