/// Why a reset link changed nothing.
public enum ResetPasswordError: Error, Equatable, Sendable {
    /// The new password breaks the rule of Sign Up.
    case invalid([AccountField: FieldProblem])
    /// The link is used, expired, unknown or superseded (**Link Expired**).
    case linkExpired
    /// The password was set (the link is used), but Koober Ops has locked the account: no session was started, as
    /// Sign In starts none.
    case accountLocked
}
