import Foundation
import KooberKit
import NIOHTTP1

/// Every operation of Koober Cloud, the JSON API (SPEC.md, "Koober Cloud"): the book's five at the paths its app was
/// written against, and the `/api/v1/` extensions. Matched before the pages (`POST /ride` is the API's, `GET /ride`
/// the page's); the document of them all is `Public/api/openapi.json`.
public enum CloudRoute: String, CaseIterable, Sendable {
    case logIn
    case signUp
    case rideOptions
    case locations
    case requestRide
    case me
    case currentRide
    case currentRideEvents
    case cancelCurrentRide
    case shareCurrentRide
    case stopSharingCurrentRide
    case rideHistory
    case signOut
    case forgotPassword
    case sendEmailConfirmation
    /// `POST /api/v1/rides/{id}/rating` and `/report`: the two operations with a part of their own in the path
    /// (`rideID(in:)`).
    case rateRide
    case reportRide
    /// `GET`/`PUT /api/v1/places/saved`: the rider's saved places, and one saved (or moved) under its label.
    case savedPlaces
    case savePlace
    /// `PATCH`/`DELETE /api/v1/places/saved/{label}`: one saved place renamed or removed (`savedPlaceLabel(in:)`).
    case renameSavedPlace
    case removeSavedPlace
    /// `GET /api/v1/places/recent`: the rider's last 5 distinct drop-offs.
    case recentPlaces
    /// `GET`/`POST /api/v1/rides/scheduled`: the upcoming scheduled rides, and Schedule.
    case scheduledRides
    case scheduleRide
    /// `DELETE /api/v1/rides/scheduled/{id}`: Cancel a scheduled ride (`scheduledRideID(in:)`).
    case cancelScheduledRide

    public var path: String {
        switch self {
        case .logIn: "/login"
        case .signUp: "/signUp"
        case .rideOptions: "/rideOptions"
        case .locations: "/locations"
        case .requestRide: "/ride"
        case .me: "/api/v1/me"
        case .currentRide: "/api/v1/rides/current"
        case .currentRideEvents: "/api/v1/rides/current/events"
        case .cancelCurrentRide: "/api/v1/rides/current/cancel"
        case .shareCurrentRide, .stopSharingCurrentRide: "/api/v1/rides/current/share"
        case .rideHistory: "/api/v1/rides"
        case .signOut: "/api/v1/session"
        case .forgotPassword: "/api/v1/password/forgot"
        case .sendEmailConfirmation: "/api/v1/me/email/confirmation"
        case .rateRide: Self.ridesPrefix + "{id}" + Route.ratingSuffix
        case .reportRide: Self.ridesPrefix + "{id}" + Route.reportSuffix
        case .savedPlaces, .savePlace: "/api/v1/places/saved"
        case .renameSavedPlace, .removeSavedPlace: Self.savedPlacePrefix + "{label}"
        case .recentPlaces: "/api/v1/places/recent"
        case .scheduledRides, .scheduleRide: "/api/v1/rides/scheduled"
        case .cancelScheduledRide: Self.scheduledPrefix + "{id}"
        }
    }

    public var method: HTTPMethod {
        switch self {
        case .logIn, .signUp, .requestRide, .cancelCurrentRide, .forgotPassword, .sendEmailConfirmation, .rateRide,
            .reportRide, .shareCurrentRide, .scheduleRide:
            .POST
        case .rideOptions, .locations, .me, .currentRide, .currentRideEvents, .rideHistory, .savedPlaces, .recentPlaces,
            .scheduledRides:
            .GET
        case .signOut, .stopSharingCurrentRide, .removeSavedPlace, .cancelScheduledRide: .DELETE
        case .savePlace: .PUT
        case .renameSavedPlace: .PATCH
        }
    }

    /// Whether the caller needs a bearer token (everything but getting one, or asking for a reset link).
    var needsToken: Bool { ![.logIn, .signUp, .forgotPassword].contains(self) }

    private static let byPath: [String: [CloudRoute]] = Dictionary(grouping: allCases, by: \.path)

    /// The API's match for a request: the operation, the methods its path takes when not this one, or nothing when
    /// the path is not the API's (the pages' then).
    public static func match(method: HTTPMethod, path: String) -> RouteMatch<CloudRoute> {
        let key =
            if let operation = rideOperation(path) {
                operation.path
            } else if path.hasPrefix(savedPlacePrefix), path.utf8.count > savedPlacePrefix.utf8.count {
                CloudRoute.removeSavedPlace.path
            } else {
                path
            }
        guard let routes = byPath[key] else { return .notFound }
        let effectiveMethod = method == .HEAD ? .GET : method
        if let route = routes.first(where: { $0.method == effectiveMethod }) { return .route(route) }
        return .methodNotAllowed(allowed: RouteMatch<CloudRoute>.allowed(routes.map(\.method)))
    }

    /// `/api/v1/rides/` before a ride's id.
    private static let ridesPrefix = "/api/v1/rides/"

    /// The operation on one ride a path names by its end (`/api/v1/rides/<anything>/rating`), if it does.
    private static func rideOperation(_ path: String) -> CloudRoute? {
        guard path.hasPrefix(ridesPrefix) else { return nil }
        if path.hasPrefix(scheduledPrefix) { return .cancelScheduledRide }
        if path.hasSuffix(Route.ratingSuffix) { return .rateRide }
        if path.hasSuffix(Route.reportSuffix) { return .reportRide }
        return nil
    }

    /// `/api/v1/rides/scheduled/` before a scheduled ride's id.
    private static let scheduledPrefix = "/api/v1/rides/scheduled/"

    /// The scheduled ride `DELETE /api/v1/rides/scheduled/42` names: `nil` for anything but plain digits (a 404).
    static func scheduledRideID(in path: String) -> ScheduledRideID? {
        guard path.hasPrefix(scheduledPrefix) else { return nil }
        return Route.rideID(digits: path.dropFirst(scheduledPrefix.count)).map { ScheduledRideID($0.rawValue) }
    }

    /// The ride a ride's operation names (`/api/v1/rides/42/rating`): `nil` for anything but plain digits (a 404).
    static func rideID(in path: String) -> RideID? {
        guard let operation = rideOperation(path) else { return nil }
        let suffix = operation == .rateRide ? Route.ratingSuffix : Route.reportSuffix
        return Route.rideID(digits: path.dropFirst(ridesPrefix.count).dropLast(suffix.count))
    }

    /// `/api/v1/places/saved/` before a saved place's label.
    private static let savedPlacePrefix = "/api/v1/places/saved/"

    /// The label a saved place's path names (`/api/v1/places/saved/Mum%27s`), percent-decoded; `nil` when its escapes
    /// are not valid UTF-8 (a 404, as a label the rider does not have).
    static func savedPlaceLabel(in path: String) -> String? {
        guard path.hasPrefix(savedPlacePrefix) else { return nil }
        return String(path.dropFirst(savedPlacePrefix.count)).removingPercentEncoding
    }

    /// Whether a path is the API's alone, so that its errors (404, 405) are JSON: everything under `/api/` and the
    /// book's paths but `/ride`, which is also the pick-me-up page.
    public static func ownsPath(_ path: String) -> Bool {
        path.hasPrefix("/api/") || byPath[path]?.contains(where: { $0 != .requestRide }) == true
    }
}
