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
    /// `/share/<token>`: a shared ride's public page, signed in or not (its capture, `PathValue.shareToken`).
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
    /// `/rides/<id>`: a ride's receipt; it and the three below carry a `RideID` in the path.
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
    /// `POST /rides/scheduled/<id>/cancel`: Cancel on My Profile's Upcoming rides (`PathValue.scheduledRideID`).
    case cancelScheduledRide
    case signOut
    /// `POST /language`: the Language form at the foot of every page.
    case chooseLanguage
    case healthCheck

    /// Where this route lives: its literal path, or its path's template with a typed capture (`PathTemplate`),
    /// which both parses a request's path (`match`) and prints a link's (`path(_:)`).
    var template: PathTemplate {
        switch self {
        case .launch: .literal("/")
        case .welcome: .literal("/welcome")
        case .signIn, .submitSignIn: .literal("/signin")
        case .signUp, .submitSignUp: .literal("/signup")
        case .forgotPassword, .submitForgotPassword: .literal("/password/forgot")
        case .resetPassword, .submitResetPassword: .literal("/password/reset")
        case .confirmEmail: .literal("/email/confirm")
        case .ride: .literal("/ride")
        case .dropoffPicker, .selectDropoff: .literal("/ride/dropoff")
        case .confirmRide: .literal("/ride/confirm")
        case .scheduleRide: .literal("/ride/schedule")
        case .startNewRide: .literal("/ride/new")
        case .rideEvents: .literal("/ride/events")
        case .cancelRide: .literal("/ride/cancel")
        case .shareRide: .literal("/ride/share")
        case .stopSharingRide: .literal("/ride/share/stop")
        case .sharedRide: .captured("/share/", .shareToken)
        case .sharedRideEvents: .captured("/share/", .shareToken, "/events")
        case .profile: .literal("/profile")
        case .rideHistory: .literal("/profile/rides")
        case .editProfile, .submitEditProfile: .literal("/profile/edit")
        case .changePassword, .submitChangePassword: .literal("/profile/password")
        case .signOutEverywhere: .literal("/profile/sessions/end")
        case .deleteAccount, .submitDeleteAccount: .literal("/profile/delete")
        case .sendEmailConfirmation: .literal("/profile/email/confirmation")
        case .rideReceipt: .captured("/rides/", .rideID)
        case .rateRide: .captured("/rides/", .rideID, "/rating")
        case .reportProblem, .submitReport: .captured("/rides/", .rideID, "/report")
        case .rideAgain: .captured("/rides/", .rideID, "/again")
        case .savedPlaces: .literal("/places/saved")
        case .newSavedPlace, .submitNewSavedPlace: .literal("/places/saved/new")
        case .renameSavedPlace: .literal("/places/saved/rename")
        case .removeSavedPlace: .literal("/places/saved/remove")
        // Everything under `/rides/scheduled/` is Cancel's, whatever follows: as it always was.
        case .cancelScheduledRide:
            .captured("/rides/scheduled/", .scheduledRideID, "/cancel", claimsEverythingUnderPrefix: true)
        case .signOut: .literal("/signout")
        case .chooseLanguage: .literal("/language")
        case .healthCheck: .literal("/healthz")
        }
    }

    /// The path this route lives at; a route with a capture prints its template (`/rides/{id}/rating`), which is
    /// never a link: `path(_:)` prints those.
    public var path: String { template.description }

    /// The path of this route for `value` (`/rides/42/rating`), printed by its template.
    public func path(_ value: PathValue) -> String { template.path(value) }

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
            .renameSavedPlace, .removeSavedPlace, .scheduleRide, .cancelScheduledRide, .chooseLanguage:
            .POST
        }
    }
}

extension Route {
    private static let table = RouteTable(allCases, template: \.template, method: \.method)

    /// Matches a request's method and (percent-encoded) path against every route's template, with the typed value
    /// its capture reads: every path under `/rides/` is a ride's (its rating's when it ends in `/rating`, its
    /// report's in `/report`, Ride Again's in `/again`, Cancel's under `/rides/scheduled/`, else its receipt's), and
    /// every path under `/share/` a shared ride's page, or its stream when it ends in `/events`.
    public static func match(method: HTTPMethod, path: String) -> RouteMatch<Route> {
        table.match(method: method, path: path)
    }

    /// The template of the page's route that claims `path`, if any (`Route.loggedPath`).
    static func template(claiming path: String) -> PathTemplate? { table.template(claiming: path) }

    /// A ride's receipt, `/rides/<id>`.
    static func receiptPath(for rideID: RideID) -> String { rideReceipt.path(.rideID(rideID)) }

    /// A shared ride's page, `/share/<token>`.
    static func sharePath(for token: RideShareToken) -> String { sharedRide.path(.shareToken(token)) }

    /// A ride's rating form's action, `/rides/<id>/rating`.
    static func ratingPath(for rideID: RideID) -> String { rateRide.path(.rideID(rideID)) }

    /// A ride's Report a Problem page (and its form's action), `/rides/<id>/report`.
    static func reportPath(for rideID: RideID) -> String { reportProblem.path(.rideID(rideID)) }

    /// A ride's Ride Again form's action, `/rides/<id>/again`.
    static func rideAgainPath(for rideID: RideID) -> String { rideAgain.path(.rideID(rideID)) }

    /// A scheduled ride's Cancel action, `/rides/scheduled/<id>/cancel`.
    static func cancelScheduledRidePath(for id: ScheduledRideID) -> String {
        cancelScheduledRide.path(.scheduledRideID(id))
    }

    /// Save's page for a place, `/places/saved/new?place=<id>`: the route's path with a query.
    static func newSavedPlacePath(for placeID: PlaceID) -> String {
        newSavedPlace.path + "?place=\(placeID.rawValue)"
    }

    /// The token a shared ride's path (its page's or its stream's) names, if it could be a link's
    /// (`RideShareToken(wellFormed:)`: the exact length, in the base64url alphabet); `nil` for anything else, which is
    /// answered as an ended link, never a trap. Client bytes: the length is bounded before anything else is read.
    public static func shareToken(in path: String) -> RideShareToken? {
        guard case .route(let route, let capture) = match(method: .GET, path: path), route.isSharedRide else {
            return nil
        }
        return capture?.shareToken
    }
}
