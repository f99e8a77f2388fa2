/// Why a sign-in did not start a session.
public enum SignInError: Error, Equatable, Sendable {
    /// Unknown email, wrong password or empty fields: deliberately one answer for all of them.
    case failed
    /// Too many failures lately for this email from this address, from this address, or for this email (any of the
    /// scopes of `SignInThrottlePolicy`); the password was not checked.
    case throttled
    /// A field over its `FieldLimit` (field name → problem): nothing was checked, hashed or counted as a failure.
    case tooLong(fieldErrors: [String: String])

    public var errorMessage: ErrorMessage {
        switch self {
        case .failed:
            ErrorMessage(title: "Sign In Failed", message: "Could not sign in. Please try again.")
        case .throttled:
            ErrorMessage(
                title: "Too Many Tries",
                message: "There were too many failed sign-ins. Please wait 15 minutes and try again."
            )
        case .tooLong(let fieldErrors):
            ErrorMessage(
                title: "Sign In Failed", message: "Please correct the fields marked below.", fieldErrors: fieldErrors
            )
        }
    }
}
