/// Why a password hasher did not hash or verify.
public enum PasswordHasherError: Error, Equatable, Sendable {
    /// Its queue was full: the password was neither hashed nor verified. The forms that hash answer 503 with
    /// `Retry-After` instead of letting a burst of sign-ins grow a line no one gets through in time.
    case busy
}
