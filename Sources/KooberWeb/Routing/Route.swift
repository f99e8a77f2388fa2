import KooberKit
import NIOHTTP1

/// Every page and form action of Koober: parsed from a request once, printed into links, never written by hand.
public enum Route: String, CaseIterable, Sendable {
    case launch
    case welcome
    case signIn
    case submitSignIn
    case signUp
    case submitSignUp
    case forgotPassword
    case submitForgotPassword
    /// `/password/reset?token=…`: the mailed reset link's page.
    case resetPassword
    case submitResetPassword
    /// `/email/confirm?token=…`: the mailed confirmation link.
    case confirmEmail
    case ride
    case dropoffPicker
    case selectDropoff
    case confirmRide
    /// `POST /ride/schedule`: Schedule, beside Confirm (the same form, `formaction`).
    case scheduleRide
    case startNewRide
    case rideEvents
    case cancelRide
    case shareRide
    case stopSharingRide
    /// `/share/<token>`: a shared ride's public page, signed in or not (`shareToken(in:)`).
    case sharedRide
    /// `/share/<token>/events`: its stream.
    case sharedRideEvents
    case profile
    case rideHistory
    case editProfile
    case submitEditProfile
    case changePassword
    case submitChangePassword
    case signOutEverywhere
    case deleteAccount
    case submitDeleteAccount
    case sendEmailConfirmation
    /// `/rides/<id>`: a ride's receipt; it and the two below have a part of their own in the path (`rideID(in:)`).
    case rideReceipt
    /// `POST /rides/<id>/rating`: Rate Your Ride.
    case rateRide
    /// `GET`/`POST /rides/<id>/report`: Report a Problem.
    case reportProblem
    case submitReport
    /// `POST /rides/<id>/again`: Ride Again, that ride's drop-off chosen anew.
    case rideAgain
    /// Saved Places (`/places/saved`), linked from My Profile.
    case savedPlaces
    /// `/places/saved/new?place=<id>`: Save a place under a label.
    case newSavedPlace
    case submitNewSavedPlace
    case renameSavedPlace
    case removeSavedPlace
    /// `POST /rides/scheduled/<id>/cancel`: Cancel on My Profile's Upcoming rides (`scheduledRideID(in:)`).
    case cancelScheduledRide
    case signOut
    case healthCheck

    /// The path this route lives at.
    public var path: String {
        switch self {
        case .launch: "/"
        case .welcome: "/welcome"
        case .signIn, .submitSignIn: "/signin"
        case .signUp, .submitSignUp: "/signup"
        case .forgotPassword, .submitForgotPassword: "/password/forgot"
        case .resetPassword, .submitResetPassword: "/password/reset"
        case .confirmEmail: "/email/confirm"
        case .ride: "/ride"
        case .dropoffPicker, .selectDropoff: "/ride/dropoff"
        case .confirmRide: "/ride/confirm"
        case .scheduleRide: "/ride/schedule"
        case .startNewRide: "/ride/new"
        case .rideEvents: "/ride/events"
        case .cancelRide: "/ride/cancel"
        case .shareRide: "/ride/share"
        case .stopSharingRide: "/ride/share/stop"
        case .sharedRide: "/share/"
        // A pattern, never a request's path: `match` sends every `/share/…/events` here.
        case .sharedRideEvents: "/share/*/events"
        case .profile: "/profile"
        case .rideHistory: "/profile/rides"
        case .editProfile, .submitEditProfile: "/profile/edit"
        case .changePassword, .submitChangePassword: "/profile/password"
        case .signOutEverywhere: "/profile/sessions/end"
        case .deleteAccount, .submitDeleteAccount: "/profile/delete"
        case .sendEmailConfirmation: "/profile/email/confirmation"
        case .rideReceipt: "/rides/"
        case .rateRide: "/rides/*/rating"
        case .reportProblem, .submitReport: "/rides/*/report"
        case .rideAgain: "/rides/*/again"
        case .savedPlaces: "/places/saved"
        case .newSavedPlace, .submitNewSavedPlace: "/places/saved/new"
        case .renameSavedPlace: "/places/saved/rename"
        case .removeSavedPlace: "/places/saved/remove"
        case .cancelScheduledRide: "/rides/scheduled/*/cancel"
        case .signOut: "/signout"
        case .healthCheck: "/healthz"
        }
    }

    /// What the route reads with the visitor's session: pick-me-up's page (`GET /ride`) reads the ride state with it,
    /// in one trip to the store, and shows what it read.
    var sessionRead: SessionRead { self == .ride ? .sessionWithRideState : .session }

    /// Whether the page's address carries a mailed link's token (`?token=…`): its responses send no `Referer` at all,
    /// so the token leaves with nothing the page loads or links to.
    var carriesLinkToken: Bool {
        [.resetPassword, .submitResetPassword, .confirmEmail, .sharedRide, .sharedRideEvents].contains(self)
    }

    /// Whether the route is a shared ride's (its page, its stream, and the one page of an ended link): nobody may keep
    /// a copy, and search engines may not list it.
    var isSharedRide: Bool { self == .sharedRide || self == .sharedRideEvents }

    /// The method that reaches this route (`HEAD` reaches every `GET` route).
    public var method: HTTPMethod {
        switch self {
        case .launch, .welcome, .signIn, .signUp, .ride, .dropoffPicker, .rideEvents, .profile, .rideHistory,
            .rideReceipt, .editProfile, .changePassword, .deleteAccount, .healthCheck, .forgotPassword, .resetPassword,
            .confirmEmail, .reportProblem, .sharedRide, .sharedRideEvents, .savedPlaces, .newSavedPlace:
            .GET
        case .submitSignIn, .submitSignUp, .selectDropoff, .confirmRide, .startNewRide, .cancelRide, .signOut,
            .shareRide, .stopSharingRide,
            .submitEditProfile, .submitChangePassword, .signOutEverywhere, .submitDeleteAccount, .submitForgotPassword,
            .submitResetPassword, .sendEmailConfirmation, .rateRide, .submitReport, .rideAgain, .submitNewSavedPlace,
            .renameSavedPlace, .removeSavedPlace, .scheduleRide, .cancelScheduledRide:
            .POST
        }
    }
}

/// What a request's method and path come to, among the pages (`Route`) or the API's operations (`CloudRoute`).
public enum RouteMatch<R: Equatable & Sendable>: Equatable, Sendable {
    case route(R)
    /// The path exists, but not with this method; `allowed` goes into the `Allow` header.
    case methodNotAllowed(allowed: [HTTPMethod])
    case notFound

    /// The methods the path takes when it is `methodNotAllowed` (none otherwise).
    var allowedMethods: [HTTPMethod] {
        if case .methodNotAllowed(let allowed) = self { allowed } else { [] }
    }

    /// The methods a path takes, as the `Allow` header says them: `HEAD` beside every `GET`.
    static func allowed(_ methods: [HTTPMethod]) -> [HTTPMethod] {
        methods.flatMap { $0 == .GET ? [.GET, .HEAD] : [$0] }
    }
}

extension Route {
    private static let byPath: [String: [Route]] = Dictionary(grouping: allCases, by: \.path)

    /// Matches a request's method and (percent-encoded) path against every route; every path under `/rides/` is
    /// a ride's: its rating's when it ends in `/rating`, its report's when in `/report`, Ride Again's when in
    /// `/again`, else its receipt's (whose id the screen reads, `rideID(in:)`); every path under `/share/` is a shared
    /// ride's page, or its stream when it ends in `/events` (whose token the screen reads, `shareToken(in:)`).
    public static func match(method: HTTPMethod, path: String) -> RouteMatch<Route> {
        let key =
            if path.hasPrefix(Route.rideReceipt.path) {
                rideRoute(path).path
            } else if path.hasPrefix(Route.sharedRide.path) {
                path.hasSuffix(eventsSuffix) ? Route.sharedRideEvents.path : Route.sharedRide.path
            } else {
                path
            }
        guard let routes = byPath[key] else { return .notFound }
        let effectiveMethod = method == .HEAD ? .GET : method
        if let route = routes.first(where: { $0.method == effectiveMethod }) {
            return .route(route)
        }
        return .methodNotAllowed(allowed: RouteMatch<Route>.allowed(routes.map(\.method)))
    }
}

extension Route {
    /// A ride's receipt, `/rides/<id>`.
    static func receiptPath(for rideID: RideID) -> String {
        Route.rideReceipt.path + "\(rideID.rawValue)"
    }

    /// A shared ride's page, `/share/<token>`.
    static func sharePath(for token: RideShareToken) -> String {
        Route.sharedRide.path + token.value
    }

    static let eventsSuffix = "/events"

    /// The token a shared ride's path (its page's or its stream's) names, if it could be a link's
    /// (`RideShareToken(wellFormed:)`: the exact length, in the base64url alphabet); `nil` for anything else, which is
    /// answered as an ended link, never a trap. Client bytes: the length is bounded before anything else is read.
    public static func shareToken(in path: String) -> RideShareToken? {
        let utf8 = path.utf8
        let prefix = Route.sharedRide.path.utf8.count
        guard path.hasPrefix(Route.sharedRide.path), utf8.count <= prefix + RideShareToken.length + eventsSuffix.count
        else { return nil }
        var token = path.utf8.dropFirst(prefix)
        if token.count == RideShareToken.length + eventsSuffix.count, path.hasSuffix(eventsSuffix) {
            token = token.dropLast(eventsSuffix.count)
        }
        return RideShareToken(wellFormed: String(decoding: token, as: UTF8.self))
    }

    /// A ride's rating form's action, `/rides/<id>/rating`.
    static func ratingPath(for rideID: RideID) -> String {
        receiptPath(for: rideID) + ratingSuffix
    }

    /// A ride's Report a Problem page (and its form's action), `/rides/<id>/report`.
    static func reportPath(for rideID: RideID) -> String {
        receiptPath(for: rideID) + reportSuffix
    }

    /// A ride's Ride Again form's action, `/rides/<id>/again`.
    static func rideAgainPath(for rideID: RideID) -> String {
        receiptPath(for: rideID) + rideAgainSuffix
    }

    /// Save's page for a place, `/places/saved/new?place=<id>`.
    static func newSavedPlacePath(for placeID: PlaceID) -> String {
        Route.newSavedPlace.path + "?place=\(placeID.rawValue)"
    }

    static let ratingSuffix = "/rating"
    static let reportSuffix = "/report"
    static let rideAgainSuffix = "/again"

    /// Which of a ride's routes a path under `/rides/` is, by its end.
    private static func rideRoute(_ path: String) -> Route {
        if path.hasPrefix(scheduledPrefix) { return .cancelScheduledRide }
        if path.hasSuffix(ratingSuffix) { return .rateRide }
        if path.hasSuffix(reportSuffix) { return .reportProblem }
        if path.hasSuffix(rideAgainSuffix) { return .rideAgain }
        return .rideReceipt
    }

    /// The ride a ride's path names (`/rides/<id>`, `/rides/<id>/rating`, `/rides/<id>/report`): a positive number in
    /// plain digits, or `nil` (a 404, never a trap).
    static func rideID(in path: String) -> RideID? {
        guard path.hasPrefix(Route.rideReceipt.path) else { return nil }
        var digits = path.dropFirst(Route.rideReceipt.path.count)
        switch rideRoute(path) {
        case .rateRide: digits = digits.dropLast(ratingSuffix.count)
        case .reportProblem: digits = digits.dropLast(reportSuffix.count)
        case .rideAgain: digits = digits.dropLast(rideAgainSuffix.count)
        default: break
        }
        return rideID(digits: digits)
    }

    private static let scheduledPrefix = "/rides/scheduled/"
    private static let cancelSuffix = "/cancel"

    /// A scheduled ride's Cancel action, `/rides/scheduled/<id>/cancel`.
    static func cancelScheduledRidePath(for id: ScheduledRideID) -> String {
        scheduledPrefix + "\(id.rawValue)" + cancelSuffix
    }

    /// The scheduled ride a Cancel path names: a positive number in plain digits between the prefix and `/cancel`, or
    /// `nil` (a 404, never a trap).
    static func scheduledRideID(in path: String) -> ScheduledRideID? {
        guard path.hasPrefix(scheduledPrefix), path.hasSuffix(cancelSuffix),
            path.utf8.count >= scheduledPrefix.utf8.count + cancelSuffix.utf8.count
        else { return nil }
        let digits = path.dropFirst(scheduledPrefix.count).dropLast(cancelSuffix.count)
        return rideID(digits: digits).map { ScheduledRideID($0.rawValue) }
    }

    /// A ride id as a path writes it: a positive number in plain digits (no sign, no leading zero, at most 18), or
    /// `nil`.
    static func rideID(digits: Substring) -> RideID? {
        guard (1...18).contains(digits.count), digits.first != "0", digits.allSatisfy({ $0.isASCII && $0.isNumber }),
            let id = Int64(digits)
        else { return nil }
        return RideID(id)
    }
}
