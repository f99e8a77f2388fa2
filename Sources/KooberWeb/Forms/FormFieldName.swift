import KooberKit

/// The names of the pages' form fields, as the templates write them and `RouteRequest` reads them.
enum FormFieldName: Hashable, Sendable {
    /// An account's field, named alike on every page that has it.
    case account(AccountField)
    case placeID
    case rideOption
    case csrfToken
    /// A mailed link's token, in its address (`?token=…`) and in the form of its page.
    case linkToken
    case stars
    case compliment
    case tip
    case tipOther
    case problemCategory
    case problemText
    /// Save's choice of label (`SavedPlaceLabelChoice`), and the saved place's label on Rename and Remove.
    case savedLabel
    /// Save's label of the rider's own.
    case ownLabel
    /// Rename's new label.
    case newLabel
    /// The Pick-up time's date (`yyyy-mm-dd`) and time of day (`hh:mm`), in Sydney.
    case pickupDate
    case pickupTime
    /// Koober Ops: the six digits of an authenticator app, and the secret an enrolment page shows.
    case authenticatorCode
    case authenticatorSecret
    /// Koober Ops: the **Reason** an act asks for.
    case reason
    /// Koober Ops: a refund's amount, in dollars.
    case refundAmount
    /// The Language form's choice (a tag) and the path of the page it was sent from.
    case language
    case returnTo

    var rawValue: String {
        switch self {
        case .account(.name): "name"
        case .account(.nickname): "nickname"
        case .account(.email): "email"
        case .account(.mobileNumber): "mobileNumber"
        case .account(.password): "password"
        case .account(.currentPassword): "currentPassword"
        case .account(.newPassword): "newPassword"
        case .placeID: "place_id"
        case .rideOption: "ride_option"
        case .pickupDate: "pickup_date"
        case .pickupTime: "pickup_time"
        case .authenticatorCode: "code"
        case .authenticatorSecret: "secret"
        case .reason: "reason"
        case .language: "language"
        case .returnTo: "return_to"
        case .refundAmount: "amount"
        case .csrfToken: "csrf_token"
        case .linkToken: "token"
        case .stars: "stars"
        case .compliment: "compliment"
        case .tip: "tip"
        case .tipOther: "tip_other"
        case .problemCategory: "category"
        case .problemText: "what_happened"
        case .savedLabel: "label"
        case .ownLabel: "own_label"
        case .newLabel: "new_label"
        }
    }
}
