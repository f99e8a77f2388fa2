import Foundation
import HTTPServer
import KooberKit

/// Koober Cloud's front door (SPEC.md, "Koober Cloud"): works out who is calling — Basic credentials for
/// `POST /login`, a bearer token for everything past sign-in, never a cookie — decodes the request into exactly the
/// arguments of the operation's interaction responder, and answers its outcome or its `CloudError` as JSON. Anything
/// unexpected is the JSON 500 (or 503), through the pages' own `UnexpectedErrorResponder`.
struct CloudResponder {
    let container: KooberAppDependencyContainer

    func respond(to route: CloudRoute, capture: PathValue?, request: Request) async -> Response {
        let errors = CloudErrors(words: container.templates.speaking(AcceptLanguage.language(of: request)).words)
        var response = await UnexpectedErrorResponder(errorPages: errors, logger: container.logger)
            .respond(to: request) {
                do {
                    return try await answer(route, capture, request)
                } catch let error as CloudError {
                    return error.response(in: errors.words)
                }
            }
        response.route = "cloud_" + route.rawValue
        return response
    }

    /// Checks the `Host`, works out the caller (a token's rider before anything else is read: no token is the 401
    /// whatever the body), reads the request (`CloudRouteRequest`) and hands it to its interaction responder.
    private func answer(_ route: CloudRoute, _ capture: PathValue?, _ request: Request) async throws -> Response {
        let services = container.services
        guard
            let links = CloudLinks(
                request: request, secure: services.secureCookies, assetVersion: container.staticFiles.version)
        else {
            throw CloudError.malformed(.noHost, field: "Host")
        }
        let address = ClientAddress.of(request, trustProxy: services.trustProxy)
        let language = AcceptLanguage.language(of: request)
        let words = container.templates.speaking(language).words
        let rider = route.needsToken ? try await self.signedIn(request, address, language) : nil
        func signedIn() throws(CloudError) -> KooberSignedInDependencyContainer {
            guard let rider else { throw CloudError.noToken }
            return rider
        }
        switch try CloudRouteRequest(route, capture: capture, request, words: words) {
        case .logIn(let credentials):
            return try await onboarding(address, language, links).logIn(credentials: credentials)
        case .signUp(let body): return try await onboarding(address, language, links).signUp(body: body)
        case .forgotPassword(let body):
            return try await onboarding(address, language, links).requestPasswordReset(body: body)
        case .rideOptions(let pickup):
            return try signedIn().makePickMeUpContainer(at: pickup).makeCloudRideResponder(links: links)
                .rideOptions()
        case .locations(let pickup, let query):
            return try await signedIn().makePickMeUpContainer(at: pickup).makeCloudRideResponder(links: links)
                .locations(query: query)
        case .requestRide(let pickup, let rideOptionID, let dropoffID, let dropoff):
            return try await signedIn().makePickMeUpContainer(at: pickup).makeCloudRideResponder(links: links)
                .requestRide(rideOptionID: rideOptionID, dropoffID: dropoffID, at: dropoff)
        case .me: return try await signedIn().makeCloudAccountResponder(links: links).me()
        case .currentRide: return try await rideResponder(signedIn(), links).currentRide()
        case .currentRideEvents(let lastEventID):
            return try await signedIn().rideEvents(
                errors: CloudErrors(words: words), lastEventID: lastEventID)
        case .cancelCurrentRide: return try await rideResponder(signedIn(), links).cancel()
        case .shareCurrentRide:
            return try await rideResponder(signedIn(), links).share(publicURL: services.mail.publicURL)
        case .stopSharingCurrentRide: return try await rideResponder(signedIn(), links).stopSharing()
        case .rideHistory(let before):
            return try await signedIn().makeCloudAccountResponder(links: links).history(before: before)
        case .signOut: return try await signedIn().makeCloudAccountResponder(links: links).signOut()
        case .sendEmailConfirmation:
            return try await signedIn().makeCloudAccountResponder(links: links).sendEmailConfirmation()
        case .rateRide(let rideID, let body):
            return try await CloudRideFeedbackResponder(words: words, useCaseFactory: signedIn()).rate(
                rideID: rideID, body: body)
        case .reportRide(let rideID, let body):
            return try await CloudRideFeedbackResponder(words: words, useCaseFactory: signedIn()).report(
                rideID: rideID, body: body)
        case .savedPlaces: return try await CloudSavedPlacesResponder(words: words, useCaseFactory: signedIn()).list()
        case .recentPlaces:
            return try await CloudSavedPlacesResponder(words: words, useCaseFactory: signedIn()).recent()
        case .savePlace(let body):
            return try await CloudSavedPlacesResponder(words: words, useCaseFactory: signedIn()).save(body: body)
        case .renameSavedPlace(let label, let body):
            return try await CloudSavedPlacesResponder(words: words, useCaseFactory: signedIn()).rename(
                label: label, body: body)
        case .removeSavedPlace(let label):
            return try await CloudSavedPlacesResponder(words: words, useCaseFactory: signedIn()).remove(label: label)
        case .scheduledRides:
            return try await CloudScheduledRideResponder(words: words, useCaseFactory: signedIn()).upcoming()
        case .scheduleRide(let body, let pickup, let dropoffID, let dropoff):
            let useCase = try signedIn().makePickMeUpContainer(at: pickup).makeBookScheduledRideUseCase(
                rideOptionID: body.rideOptionID,
                dropoff: .place(dropoffID, at: dropoff, places: services.placeRepository),
                date: body.pickupDate, time: body.pickupTime)
            return try await CloudScheduledRideResponder(words: words, useCaseFactory: signedIn()).book(useCase)
        case .cancelScheduledRide(let id):
            return try await CloudScheduledRideResponder(words: words, useCaseFactory: signedIn()).cancel(id: id)
        }
    }

    /// The current ride's responder, made at the rider's own pick-up.
    private func rideResponder(
        _ signedIn: KooberSignedInDependencyContainer, _ links: CloudLinks
    ) async throws -> CloudRideResponder {
        try await signedIn.makePickMeUpContainer().makeCloudRideResponder(links: links)
    }

    private func onboarding(_ address: String, _ language: Language, _ links: CloudLinks) -> CloudSignInResponder {
        container.makeOnboardingContainer(
            clientAddress: address, templates: container.templates.speaking(language),
            sessionPolicy: container.services.apiSessionPolicy
        )
        .makeCloudSignInResponder(links: links)
    }

    /// The rider a bearer token stands for, or the 401: no token, a malformed one, one that has ended, or a browser's
    /// session id (the API never accepts those: `SessionPolicy.api` accepts only tokens).
    private func signedIn(_ request: Request, _ address: String, _ language: Language) async throws
        -> KooberSignedInDependencyContainer
    {
        guard let token = CloudAuthorization.bearerToken(in: request),
            let session = try await container.makeResolveUserSessionUseCase(
                token: token, policy: container.services.apiSessionPolicy
            ).run()
        else { throw CloudError.noToken }
        return container.makeSignedInContainer(
            userSession: session, sessionToken: token, clientAddress: address,
            templates: container.templates.speaking(language))
    }
}
