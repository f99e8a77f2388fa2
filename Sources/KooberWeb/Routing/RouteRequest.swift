import HTTPServer
import KooberKit

/// A request for one of Koober's pages or form actions, parsed once: the route with its input read from the path,
/// the query, the form or a header. Screens get typed values, never the request's strings; a form's action is
/// reached only through `VerifiedForm`, so nothing changes without a verified form token.
enum RouteRequest: Equatable, Sendable {
    case launch
    case welcome
    case signIn
    case signUp
    case forgotPassword
    /// The mailed link's token, empty when the address has none.
    case resetPassword(token: String)
    case confirmEmail(token: String)
    case ride
    case dropoffPicker(query: String)
    case rideEvents(lastEventID: String?)
    case profile
    case rideHistory(before: String?)
    case editProfile
    case changePassword
    case deleteAccount
    /// `nil` when the path names no ride Koober could have (a 404).
    case rideReceipt(RideID?)
    case reportProblem(RideID?)
    case savedPlaces
    /// Save's page; `nil` when `place` is missing or not a number.
    case newSavedPlace(PlaceID?)
    /// A shared ride's page; `nil` when the path names no link Koober could have made (the ended link's page).
    case sharedRide(RideShareToken?)
    case sharedRideEvents(RideShareToken?, lastEventID: String?)
    case healthCheck
    /// A form post, with the token it carries (for `CSRFProtection.verify`).
    case submit(FormAction, token: String?)

    /// Reads `route`'s input from `request`, with the typed value its path carried (`capture`, as `Route.match`
    /// read it): undecodable percent-escapes or invalid UTF-8 in the query or the form throw (the 400 page).
    init(_ route: Route, capture: PathValue?, _ request: Request) throws(FormDecodingError) {
        switch route {
        case .launch: self = .launch
        case .welcome: self = .welcome
        case .signIn: self = .signIn
        case .signUp: self = .signUp
        case .forgotPassword: self = .forgotPassword
        case .resetPassword: self = .resetPassword(token: try request.query()[.linkToken] ?? "")
        case .confirmEmail: self = .confirmEmail(token: try request.query()[.linkToken] ?? "")
        case .ride: self = .ride
        case .dropoffPicker: self = .dropoffPicker(query: try request.query()["q"] ?? "")
        case .rideEvents: self = .rideEvents(lastEventID: request.headers.first(name: "Last-Event-ID"))
        case .profile: self = .profile
        case .rideHistory: self = .rideHistory(before: try request.query()["before"])
        case .editProfile: self = .editProfile
        case .changePassword: self = .changePassword
        case .deleteAccount: self = .deleteAccount
        case .rideReceipt: self = .rideReceipt(capture?.rideID)
        case .reportProblem: self = .reportProblem(capture?.rideID)
        case .rateRide: self = try .submit(request) { .rateRide(capture?.rideID, RatingForm($0)) }
        case .submitReport:
            self = try .submit(request) {
                .reportProblem(capture?.rideID, category: $0[.problemCategory], text: $0[.problemText] ?? "")
            }
        case .rideAgain: self = try .submit(request) { _ in .rideAgain(capture?.rideID) }
        case .savedPlaces: self = .savedPlaces
        case .newSavedPlace: self = .newSavedPlace(try request.query()["place"].flatMap(PlaceID.init))
        case .submitNewSavedPlace:
            self = try .submit(request) {
                .savePlace(
                    $0[.placeID].flatMap(PlaceID.init), choice: $0[.savedLabel], ownLabel: $0[.ownLabel] ?? "")
            }
        case .renameSavedPlace:
            self = try .submit(request) {
                .renameSavedPlace(label: $0[.savedLabel] ?? "", newLabel: $0[.newLabel] ?? "")
            }
        case .removeSavedPlace: self = try .submit(request) { .removeSavedPlace(label: $0[.savedLabel] ?? "") }
        case .sharedRide: self = .sharedRide(capture?.shareToken)
        case .sharedRideEvents:
            self = .sharedRideEvents(capture?.shareToken, lastEventID: request.headers.first(name: "Last-Event-ID"))
        case .healthCheck: self = .healthCheck
        case .submitSignIn:
            self = try .submit(request) { .signIn(email: $0.text(.email), password: $0.text(.password)) }
        case .submitSignUp:
            self = try .submit(request) {
                .signUp(
                    NewAccount(
                        name: $0.text(.name), nickname: $0.text(.nickname), email: $0.text(.email),
                        mobileNumber: $0.text(.mobileNumber), password: $0.text(.password)))
            }
        case .submitForgotPassword: self = try .submit(request) { .requestPasswordReset(email: $0.text(.email)) }
        case .submitResetPassword:
            self = try .submit(request) {
                .resetPassword(token: $0[.linkToken] ?? "", newPassword: $0.text(.newPassword))
            }
        case .selectDropoff: self = try .submit(request) { .selectDropoff($0[.placeID].flatMap(PlaceID.init)) }
        case .confirmRide: self = try .submit(request) { .confirmRide(rideOptionID: $0[.rideOption]) }
        case .scheduleRide:
            self = try .submit(request) {
                .scheduleRide(rideOptionID: $0[.rideOption], date: $0[.pickupDate] ?? "", time: $0[.pickupTime] ?? "")
            }
        case .cancelScheduledRide: self = try .submit(request) { _ in .cancelScheduledRide(capture?.scheduledRideID) }
        case .startNewRide: self = try .submit(request) { _ in .startNewRide }
        case .cancelRide: self = try .submit(request) { _ in .cancelRide }
        case .shareRide: self = try .submit(request) { _ in .shareRide }
        case .stopSharingRide: self = try .submit(request) { _ in .stopSharingRide }
        case .submitEditProfile:
            self = try .submit(request) {
                .editProfile(name: $0.text(.name), nickname: $0.text(.nickname), mobileNumber: $0.text(.mobileNumber))
            }
        case .submitChangePassword:
            self = try .submit(request) {
                .changePassword(currentPassword: $0.text(.currentPassword), newPassword: $0.text(.newPassword))
            }
        case .signOutEverywhere: self = try .submit(request) { _ in .signOutEverywhere }
        case .submitDeleteAccount: self = try .submit(request) { .deleteAccount(password: $0.text(.password)) }
        case .sendEmailConfirmation: self = try .submit(request) { _ in .sendEmailConfirmation }
        case .signOut: self = try .submit(request) { _ in .signOut }
        case .chooseLanguage:
            self = try .submit(request) {
                .chooseLanguage($0[.language].flatMap(Language.init(tag:)), returnTo: $0[.returnTo])
            }
        }
    }

    private static func submit(
        _ request: Request, _ action: (URLEncodedForm) -> FormAction
    ) throws(FormDecodingError) -> RouteRequest {
        let form = try request.form()
        return .submit(action(form), token: form[.csrfToken])
    }
}

extension URLEncodedForm {
    /// The value of a page's form field, if sent.
    subscript(_ field: FormFieldName) -> String? { self[field.rawValue] }

    /// The value of an account's field, empty when not sent.
    func text(_ field: AccountField) -> String { self[.account(field)] ?? "" }
}
