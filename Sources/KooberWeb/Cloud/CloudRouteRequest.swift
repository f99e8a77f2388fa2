import HTTPServer
import KooberKit
import NIOCore

/// A request for one of Koober Cloud's operations, parsed once: the operation with its input read from the path's
/// capture (`PathValue`), the query, the JSON body or a header, as `RouteRequest` is for the pages. What it cannot
/// read is a `CloudError` (400 naming the field, 422 for a pick-up not on Earth). `CloudResponder` reads it after it
/// knows who is calling, so a caller without a token gets the 401 whatever its body.
enum CloudRouteRequest: Sendable {
    case logIn(credentials: (email: String, password: String)?)
    /// Onboarding's bodies are read by `CloudSignInResponder` itself.
    case signUp(body: ByteBuffer)
    case forgotPassword(body: ByteBuffer)
    case rideOptions(at: Location)
    case locations(at: Location, query: String)
    case requestRide(at: Location, rideOptionID: String, dropoffID: PlaceID?, dropoff: Location)
    case me
    case currentRide
    case currentRideEvents(lastEventID: String?)
    case cancelCurrentRide
    case shareCurrentRide
    case stopSharingCurrentRide
    case rideHistory(before: String?)
    case signOut
    case sendEmailConfirmation
    /// `nil` when the path names no ride Koober could have (a 404).
    case rateRide(RideID?, CloudRatingRequest)
    case reportRide(RideID?, CloudReportRequest)
    case savedPlaces
    case recentPlaces
    case savePlace(CloudSavePlaceRequest)
    /// `nil` when the label's escapes are not UTF-8 (a 404, as a label the rider does not have).
    case renameSavedPlace(label: String?, CloudRenameSavedPlaceRequest)
    case removeSavedPlace(label: String?)
    case scheduledRides
    case scheduleRide(CloudScheduleRideRequest, at: Location, dropoffID: PlaceID, dropoff: Location)
    case cancelScheduledRide(ScheduledRideID?)

    /// Reads `route`'s input from `request`, with the typed value its path carried (`capture`, as `CloudRoute.match`
    /// read it).
    /// `words`: the caller's language's, for a refusal's message.
    init(_ route: CloudRoute, capture: PathValue?, _ request: Request, words: Words) throws(CloudError) {
        switch route {
        case .logIn: self = .logIn(credentials: CloudAuthorization.basicCredentials(in: request))
        case .signUp: self = .signUp(body: request.body)
        case .forgotPassword: self = .forgotPassword(body: request.body)
        case .rideOptions: self = .rideOptions(at: try Self.coordinates(in: try Self.query(of: request)))
        case .locations:
            let query = try Self.query(of: request)
            self = .locations(at: try Self.coordinates(in: query), query: query["query"] ?? "")
        case .requestRide:
            let body = try Self.decode(CloudNewRideRequest.self, from: request)
            let dropoff = body.waypoints.dropoffLocation
            self = .requestRide(
                at: try Self.pickup(of: body.waypoints, words), rideOptionID: body.rideOptionID,
                dropoffID: PlaceID(dropoff.id),
                dropoff: Location(latitude: dropoff.latitude, longitude: dropoff.longitude))
        case .me: self = .me
        case .currentRide: self = .currentRide
        case .currentRideEvents: self = .currentRideEvents(lastEventID: request.headers.first(name: "Last-Event-ID"))
        case .cancelCurrentRide: self = .cancelCurrentRide
        case .shareCurrentRide: self = .shareCurrentRide
        case .stopSharingCurrentRide: self = .stopSharingCurrentRide
        case .rideHistory: self = .rideHistory(before: try Self.query(of: request)["before"])
        case .signOut: self = .signOut
        case .sendEmailConfirmation: self = .sendEmailConfirmation
        case .rateRide: self = .rateRide(capture?.rideID, try Self.decode(CloudRatingRequest.self, from: request))
        case .reportRide: self = .reportRide(capture?.rideID, try Self.decode(CloudReportRequest.self, from: request))
        case .savedPlaces: self = .savedPlaces
        case .recentPlaces: self = .recentPlaces
        case .savePlace: self = .savePlace(try Self.decode(CloudSavePlaceRequest.self, from: request))
        case .renameSavedPlace:
            self = .renameSavedPlace(
                label: capture?.savedPlaceLabel, try Self.decode(CloudRenameSavedPlaceRequest.self, from: request))
        case .removeSavedPlace: self = .removeSavedPlace(label: capture?.savedPlaceLabel)
        case .scheduledRides: self = .scheduledRides
        case .scheduleRide:
            let body = try Self.decode(CloudScheduleRideRequest.self, from: request)
            let pickup = try Self.pickup(of: body.waypoints, words)
            let dropoff = body.waypoints.dropoffLocation
            guard let dropoffID = PlaceID(dropoff.id) else {
                throw CloudError.rejected(
                    RequestRideError.unknownPlace.errorMessage(words).naming("waypoints.dropoffLocation"))
            }
            self = .scheduleRide(
                body, at: pickup, dropoffID: dropoffID,
                dropoff: Location(latitude: dropoff.latitude, longitude: dropoff.longitude))
        case .cancelScheduledRide: self = .cancelScheduledRide(capture?.scheduledRideID)
        }
    }

    private static func decode<T: Decodable>(_ type: T.Type, from request: Request) throws(CloudError) -> T {
        try CloudJSON.decode(type, from: request.body)
    }

    /// The app's pick-up: its coordinates must be a place on Earth.
    private static func pickup(of waypoints: CloudNewRideRequest.Waypoints, _ words: Words) throws(CloudError)
        -> Location
    {
        guard let pickup = waypoints.pickupLocation.location else {
            throw CloudError.rejected(
                ErrorMessage(title: words("cloud.pickupNotOnEarth"), message: words("cloud.pickupIsNotAPlace"))
                    .naming("waypoints.pickupLocation"))
        }
        return pickup
    }

    private static func query(of request: Request) throws(CloudError) -> URLEncodedForm {
        do {
            return try request.query()
        } catch {
            throw CloudError.malformed(.badQueryEncoding)
        }
    }

    /// `latitude` and `longitude` of the query: both required, numbers, and a point on Earth.
    static func coordinates(in query: URLEncodedForm) throws(CloudError) -> Location {
        func number(_ name: String) throws(CloudError) -> Double {
            guard let text = query[name] else {
                throw CloudError.malformed(.missingQueryValue(name: name), field: name)
            }
            guard let value = Double(text), value.isFinite else {
                throw CloudError.malformed(.notANumber(name: name), field: name)
            }
            return value
        }
        let (latitude, longitude) = (try number("latitude"), try number("longitude"))
        guard let location = CloudCoordinates.location(latitude: latitude, longitude: longitude) else {
            throw CloudError.malformed(.notOnEarth, field: "latitude")
        }
        return location
    }
}
