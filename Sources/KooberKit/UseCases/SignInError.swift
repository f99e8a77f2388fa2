/// Why a sign-in did not start a session.
public enum SignInError: Error, Equatable, Sendable {
    /// Unknown email, wrong password or empty fields: deliberately one answer for all of them.
    case failed
    /// Too many failures lately for this email from this address, from this address, or for this email (any of the
    /// scopes of `SignInThrottlePolicy`); the password was not checked.
    case throttled
    /// A field over its `FieldLimit`: nothing was checked, hashed or counted as a failure.
    case invalid([AccountField: FieldProblem])
    /// The password was right, but Koober Ops has locked the account: no session was started (pages and API alike).
    case accountLocked
}
