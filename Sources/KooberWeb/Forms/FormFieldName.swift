/// The names of the pages' form fields, as the templates write them and `RouteRequest` reads them.
enum FormFieldName: String, Sendable {
    case name
    case nickname
    case email
    case mobileNumber
    case password
    case currentPassword
    case newPassword
    case placeID = "place_id"
    case rideOption = "ride_option"
    case csrfToken = "csrf_token"
}
