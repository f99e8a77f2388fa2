import Foundation
import HTTPServer
import KooberKit

/// Koober Cloud's front door (SPEC.md, "Koober Cloud"): works out who is calling — Basic credentials for
/// `POST /login`, a bearer token for everything past sign-in, never a cookie — decodes the request into exactly the
/// arguments of the operation's interaction responder, and answers its outcome or its `CloudError` as JSON. Anything
/// unexpected is the JSON 500 (or 503), through the pages' own `UnexpectedErrorResponder`.
struct CloudResponder {
    let container: KooberAppDependencyContainer

    func respond(to route: CloudRoute, request: Request) async -> Response {
        var response = await UnexpectedErrorResponder(errorPages: CloudErrors(), logger: container.logger)
            .respond(to: request) {
                do {
                    return try await answer(route, request)
                } catch let error as CloudError {
                    return error.response
                }
            }
        response.route = "cloud_" + route.rawValue
        return response
    }

    private func answer(_ route: CloudRoute, _ request: Request) async throws -> Response {
        let services = container.services
        guard
            let links = CloudLinks(
                request: request, secure: services.secureCookies, assetVersion: container.staticFiles.version)
        else {
            throw CloudError.malformed(
                message: "The request needs a Host header naming Koober.", field: "Host",
                problem: "A host name or address, with a port if any.")
        }
        let address = ClientAddress.of(request, trustProxy: services.trustProxy)
        switch route {
        case .logIn:
            return try await onboarding(address, links).logIn(
                credentials: CloudAuthorization.basicCredentials(in: request))
        case .signUp:
            return try await onboarding(address, links).signUp(body: request.body)
        case .rideOptions:
            let signedIn = try await signedIn(request, address)
            let query = try decodedQuery(request)
            return try signedIn.makePickMeUpContainer(at: try Self.coordinates(in: query))
                .makeCloudRideResponder(links: links).rideOptions()
        case .locations:
            let signedIn = try await signedIn(request, address)
            let query = try decodedQuery(request)
            return try await signedIn.makePickMeUpContainer(at: try Self.coordinates(in: query))
                .makeCloudRideResponder(links: links).locations(query: query["query"] ?? "")
        case .requestRide:
            let signedIn = try await signedIn(request, address)
            let body = try CloudJSON.decode(CloudNewRideRequest.self, from: request.body)
            guard let pickup = body.waypoints.pickupLocation.location else {
                throw CloudError.rejected(
                    ErrorMessage(title: "Pick-up Not On Earth", message: "The pick-up's coordinates are not a place.")
                        .naming("waypoints.pickupLocation"))
            }
            let dropoff = body.waypoints.dropoffLocation
            return try await signedIn.makePickMeUpContainer(at: pickup).makeCloudRideResponder(links: links)
                .requestRide(
                    rideOptionID: body.rideOptionID, dropoffID: PlaceID(dropoff.id),
                    at: Location(latitude: dropoff.latitude, longitude: dropoff.longitude))
        case .me:
            return try await signedIn(request, address).makeCloudAccountResponder(links: links).me()
        case .currentRide:
            return try await signedIn(request, address).makePickMeUpContainer()
                .makeCloudRideResponder(links: links).currentRide()
        case .currentRideEvents:
            return try await signedIn(request, address).rideEvents(
                errors: CloudErrors(), lastEventID: request.headers.first(name: "Last-Event-ID"))
        case .cancelCurrentRide:
            return try await signedIn(request, address).makePickMeUpContainer()
                .makeCloudRideResponder(links: links).cancel()
        case .shareCurrentRide:
            return try await signedIn(request, address).makePickMeUpContainer()
                .makeCloudRideResponder(links: links).share(publicURL: services.mail.publicURL)
        case .stopSharingCurrentRide:
            return try await signedIn(request, address).makePickMeUpContainer()
                .makeCloudRideResponder(links: links).stopSharing()
        case .rideHistory:
            let signedIn = try await signedIn(request, address)
            return try await signedIn.makeCloudAccountResponder(links: links).history(
                before: try decodedQuery(request)["before"])
        case .signOut:
            return try await signedIn(request, address).makeCloudAccountResponder(links: links).signOut()
        case .forgotPassword:
            return try await onboarding(address, links).requestPasswordReset(body: request.body)
        case .sendEmailConfirmation:
            return try await signedIn(request, address).makeCloudAccountResponder(links: links)
                .sendEmailConfirmation()
        case .rateRide:
            let signedIn = try await signedIn(request, address)
            return try await CloudRideFeedbackResponder(useCaseFactory: signedIn).rate(
                rideID: CloudRoute.rideID(in: request.path),
                body: try CloudJSON.decode(CloudRatingRequest.self, from: request.body))
        case .scheduledRides:
            return try await CloudScheduledRideResponder(useCaseFactory: signedIn(request, address)).upcoming()
        case .scheduleRide:
            let signedIn = try await signedIn(request, address)
            let body = try CloudJSON.decode(CloudScheduleRideRequest.self, from: request.body)
            guard let pickup = body.waypoints.pickupLocation.location else {
                throw CloudError.rejected(
                    ErrorMessage(title: "Pick-up Not On Earth", message: "The pick-up's coordinates are not a place.")
                        .naming("waypoints.pickupLocation"))
            }
            let dropoff = body.waypoints.dropoffLocation
            guard let dropoffID = PlaceID(dropoff.id) else {
                throw CloudError.rejected(
                    RequestRideError.unknownPlace.errorMessage.naming("waypoints.dropoffLocation"))
            }
            let useCase = signedIn.makePickMeUpContainer(at: pickup).makeBookScheduledRideUseCase(
                rideOptionID: body.rideOptionID,
                dropoff: .place(
                    dropoffID, at: Location(latitude: dropoff.latitude, longitude: dropoff.longitude),
                    places: services.placeRepository),
                date: body.pickupDate, time: body.pickupTime)
            return try await CloudScheduledRideResponder(useCaseFactory: signedIn).book(useCase)
        case .cancelScheduledRide:
            return try await CloudScheduledRideResponder(useCaseFactory: signedIn(request, address)).cancel(
                id: CloudRoute.scheduledRideID(in: request.path))
        case .reportRide:
            let signedIn = try await signedIn(request, address)
            return try await CloudRideFeedbackResponder(useCaseFactory: signedIn).report(
                rideID: CloudRoute.rideID(in: request.path),
                body: try CloudJSON.decode(CloudReportRequest.self, from: request.body))
        case .savedPlaces:
            return try await CloudSavedPlacesResponder(useCaseFactory: signedIn(request, address)).list()
        case .recentPlaces:
            return try await CloudSavedPlacesResponder(useCaseFactory: signedIn(request, address)).recent()
        case .savePlace:
            let signedIn = try await signedIn(request, address)
            return try await CloudSavedPlacesResponder(useCaseFactory: signedIn).save(
                body: try CloudJSON.decode(CloudSavePlaceRequest.self, from: request.body))
        case .renameSavedPlace:
            let signedIn = try await signedIn(request, address)
            return try await CloudSavedPlacesResponder(useCaseFactory: signedIn).rename(
                label: CloudRoute.savedPlaceLabel(in: request.path),
                body: try CloudJSON.decode(CloudRenameSavedPlaceRequest.self, from: request.body))
        case .removeSavedPlace:
            let signedIn = try await signedIn(request, address)
            return try await CloudSavedPlacesResponder(useCaseFactory: signedIn).remove(
                label: CloudRoute.savedPlaceLabel(in: request.path))
        }
    }

    private func onboarding(_ address: String, _ links: CloudLinks) -> CloudSignInResponder {
        container.makeOnboardingContainer(
            clientAddress: address, sessionPolicy: container.services.apiSessionPolicy
        )
        .makeCloudSignInResponder(links: links)
    }

    /// The rider a bearer token stands for, or the 401: no token, a malformed one, one that has ended, or a browser's
    /// session id (the API never accepts those: `SessionPolicy.api` accepts only tokens).
    private func signedIn(_ request: Request, _ address: String) async throws -> KooberSignedInDependencyContainer {
        guard let token = CloudAuthorization.bearerToken(in: request),
            let session = try await container.makeResolveUserSessionUseCase(
                token: token, policy: container.services.apiSessionPolicy
            ).run()
        else { throw CloudError.noToken }
        return container.makeSignedInContainer(userSession: session, sessionToken: token, clientAddress: address)
    }

    private func decodedQuery(_ request: Request) throws -> URLEncodedForm {
        do {
            return try request.query()
        } catch {
            throw CloudError.malformed(
                message: "The query is not valid UTF-8 or has bad escapes.", field: nil, problem: nil)
        }
    }

    /// `latitude` and `longitude` of the query: both required, numbers, and a point on Earth.
    static func coordinates(in query: URLEncodedForm) throws -> Location {
        func number(_ name: String) throws -> Double {
            guard let text = query[name] else {
                throw CloudError.malformed(
                    message: "The query needs \(name).", field: name, problem: "This field is required.")
            }
            guard let value = Double(text), value.isFinite else {
                throw CloudError.malformed(message: "\(name) is not a number.", field: name, problem: "Not a number.")
            }
            return value
        }
        let (latitude, longitude) = (try number("latitude"), try number("longitude"))
        guard let location = CloudCoordinates.location(latitude: latitude, longitude: longitude) else {
            throw CloudError.malformed(
                message: "The coordinates are not a point on Earth.", field: "latitude",
                problem: "Latitude is from -90 to 90 and longitude from -180 to 180.")
        }
        return location
    }
}
