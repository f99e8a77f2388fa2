/// Why Sign Up did not create an account.
public enum SignUpError: Error, Equatable, Sendable {
    /// Fields that break the rules of Sign Up.
    case invalid([AccountField: FieldProblem])
    /// The email already has an account.
    case emailTaken
    /// Too many sign-ups from the visitor's address lately (`SignUpThrottle`).
    case throttled
}
