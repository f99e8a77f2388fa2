/// Why Change Password changed nothing.
public enum ChangePasswordError: Error, Equatable, Sendable {
    /// The current password is missing or wrong, or the new one breaks the rule of Sign Up.
    case invalid([AccountField: FieldProblem])
    /// Too many failed password checks lately (as Sign In counts them); the password was not checked.
    case throttled
    /// Koober Ops locked the account while the form was on its way: nothing changed, and no session starts.
    case accountLocked
}
