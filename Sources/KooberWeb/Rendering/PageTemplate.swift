/// The templates a page can be rendered with; each is a file `Templates/<rawValue>.mustache`.
/// Start-up fails if any of them is missing, so a typo never reaches a user.
public enum PageTemplate: String, CaseIterable, Sendable {
    case layout
    case errorPanel = "error-panel"
    case noticePanel = "notice-panel"
    case error
    case formField = "form-field"
    case profileLink = "profile-link"
    case welcome
    case signIn = "sign-in"
    case signUp = "sign-up"
    case profile
    case rideHistory = "ride-history"
    case rideReceipt = "ride-receipt"
    case profileForm = "profile-form"
    case notice
    case ride
    case dropoffPicker = "dropoff-picker"
    case dropoffSavedRow = "dropoff-saved-row"
    case dropoffRecentRow = "dropoff-recent-row"
    case dropoffPlaceRow = "dropoff-place-row"
    case rateRideForm = "rate-ride-form"
    case reportProblem = "report-problem"
    case rideStatus = "ride-status"
    case rideSharing = "ride-sharing"
    case rideSharingStop = "ride-sharing-stop"
    case sharedRide = "shared-ride"
    case shareEnded = "share-ended"
    case savedPlaces = "saved-places"
    case savePlace = "save-place"
    case opsBrand = "ops-brand"
    case opsError = "ops-error"
    case opsNavigation = "ops-navigation"
    case opsSignIn = "ops-sign-in"
    case opsEnrol = "ops-enrol"
    case opsEnrolled = "ops-enrolled"
    case opsDashboard = "ops-dashboard"
    case opsStaff = "ops-staff"
    case opsRiders = "ops-riders"
    case opsRider = "ops-rider"
    case opsRides = "ops-rides"
    case opsRide = "ops-ride"
    case opsAuditLog = "ops-audit-log"
    case opsFleet = "ops-fleet"
    case opsReports = "ops-reports"
    case opsReport = "ops-report"
}
