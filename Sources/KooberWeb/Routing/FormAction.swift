import KooberKit

/// What a form post asks Koober to do, with the form's values read into their types (`RouteRequest`). A missing
/// field is empty (and the use case's validation says so), or `nil` where the use case tells "none" apart.
enum FormAction: Equatable, Sendable {
    case signIn(email: String, password: String)
    case signUp(NewAccount)
    case requestPasswordReset(email: String)
    /// The mailed link's token travels in the form (a hidden field), never in the form's action.
    case resetPassword(token: String, newPassword: String)
    case selectDropoff(PlaceID?)
    case confirmRide(rideOptionID: String?)
    /// Schedule: the option (`nil` when none was chosen) and the Pick-up time's two fields (empty when not sent).
    case scheduleRide(rideOptionID: String?, date: String, time: String)
    /// Cancel a scheduled ride (`nil` when the path names none: a 404).
    case cancelScheduledRide(ScheduledRideID?)
    case startNewRide
    case cancelRide
    case shareRide
    case stopSharingRide
    case editProfile(name: String, nickname: String, mobileNumber: String)
    case changePassword(currentPassword: String, newPassword: String)
    case signOutEverywhere
    case deleteAccount(password: String)
    case sendEmailConfirmation
    case signOut
    /// The Language form: the language chosen (`nil` when it is none of Koober's: a 400) and the page it was on.
    case chooseLanguage(Language?, returnTo: String?)
    /// Rate Your Ride on a ride (`nil` when the path names none: a 404).
    case rateRide(RideID?, RatingForm)
    case reportProblem(RideID?, category: String?, text: String)
    /// Ride Again from a receipt (`nil` when the path names no ride: a 404).
    case rideAgain(RideID?)
    /// Save: the place (`nil` when not a number), the label chosen (`home`, `work`, `own`, or none) and the rider's
    /// own label as typed.
    case savePlace(PlaceID?, choice: String?, ownLabel: String)
    case renameSavedPlace(label: String, newLabel: String)
    case removeSavedPlace(label: String)
}
