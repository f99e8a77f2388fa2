/// Why Delete Account removed nothing.
public enum DeleteAccountError: Error, Equatable, Sendable {
    /// What is wrong with the password given.
    case invalid(FieldProblem)
    /// Too many failed password checks lately (as Sign In counts them); the password was not checked.
    case throttled
}
