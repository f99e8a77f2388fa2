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
    /// (its template's capture, `PathValue.rideID`).
    case rateRide
    case reportRide
    /// `GET`/`PUT /api/v1/places/saved`: the rider's saved places, and one saved (or moved) under its label.
    case savedPlaces
    case savePlace
    /// `PATCH`/`DELETE /api/v1/places/saved/{label}`: one saved place renamed or removed
    /// (`PathValue.savedPlaceLabel`).
    case renameSavedPlace
    case removeSavedPlace
    /// `GET /api/v1/places/recent`: the rider's last 5 distinct drop-offs.
    case recentPlaces
    /// `GET`/`POST /api/v1/rides/scheduled`: the upcoming scheduled rides, and Schedule.
    case scheduledRides
    case scheduleRide
    /// `DELETE /api/v1/rides/scheduled/{id}`: Cancel a scheduled ride (`PathValue.scheduledRideID`).
    case cancelScheduledRide

    /// Where the operation lives: its literal path, or its path's template with a typed capture (`PathTemplate`),
    /// written as the OpenAPI document writes it (`/api/v1/rides/{id}/rating`).
    var template: PathTemplate {
        switch self {
        case .logIn: .literal("/login")
        case .signUp: .literal("/signUp")
        case .rideOptions: .literal("/rideOptions")
        case .locations: .literal("/locations")
        case .requestRide: .literal("/ride")
        case .me: .literal("/api/v1/me")
        case .currentRide: .literal("/api/v1/rides/current")
        case .currentRideEvents: .literal("/api/v1/rides/current/events")
        case .cancelCurrentRide: .literal("/api/v1/rides/current/cancel")
        case .shareCurrentRide, .stopSharingCurrentRide: .literal("/api/v1/rides/current/share")
        case .rideHistory: .literal("/api/v1/rides")
        case .signOut: .literal("/api/v1/session")
        case .forgotPassword: .literal("/api/v1/password/forgot")
        case .sendEmailConfirmation: .literal("/api/v1/me/email/confirmation")
        case .rateRide: .captured("/api/v1/rides/", .rideID, "/rating")
        case .reportRide: .captured("/api/v1/rides/", .rideID, "/report")
        case .savedPlaces, .savePlace: .literal("/api/v1/places/saved")
        case .renameSavedPlace, .removeSavedPlace: .captured("/api/v1/places/saved/", .savedPlaceLabel)
        case .recentPlaces: .literal("/api/v1/places/recent")
        case .scheduledRides, .scheduleRide: .literal("/api/v1/rides/scheduled")
        case .cancelScheduledRide: .captured("/api/v1/rides/scheduled/", .scheduledRideID)
        }
    }

    /// The operation's path as the OpenAPI document writes it (`/api/v1/rides/{id}/rating`).
    public var path: String { template.description }

    /// The operation's path for `value` (`/api/v1/rides/42/rating`), printed by its template.
    public func path(_ value: PathValue) -> String { template.path(value) }

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

    private static let table = RouteTable(allCases, template: \.template, method: \.method)

    /// The API's match for a request: the operation with the typed value its path carries (`/api/v1/rides/42/rating`
    /// names ride 42; everything under `/api/v1/rides/scheduled/` is Cancel's), the methods its path takes when not
    /// this one, or nothing when the path is not the API's (the pages' then).
    public static func match(method: HTTPMethod, path: String) -> RouteMatch<CloudRoute> {
        table.match(method: method, path: path)
    }

    /// The template of the operation that claims `path`, if any (`Route.loggedPath`).
    static func template(claiming path: String) -> PathTemplate? { table.template(claiming: path) }

    /// Whether a path is the API's alone, so that its errors (404, 405) are JSON: everything under `/api/` and the
    /// book's paths but `/ride`, which is also the pick-me-up page.
    public static func ownsPath(_ path: String) -> Bool {
        path.hasPrefix("/api/") || table.literalRoutes(at: path).contains(where: { $0 != .requestRide })
    }
}
