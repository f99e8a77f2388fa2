/// Why Change Password changed nothing.
public enum ChangePasswordError: Error, Equatable, Sendable {
    /// The current password is missing or wrong, or the new one breaks the rule of Sign Up.
    case invalid([AccountField: FieldProblem])
    /// Too many failed password checks lately (as Sign In counts them); the password was not checked.
    case throttled
}
