/// Why a Koober Ops sign-in did not start a session: deliberately no more than riders are told (SPEC.md, "Koober Ops",
/// **Sign in**: **Sign In Failed**, whichever part was wrong).
public enum StaffSignInError: Error, Equatable, Sendable {
    /// An unknown email, a wrong password, a wrong or used code, a field over its limit, or a member removed meanwhile.
    case failed
    /// Too many failures lately, as riders' sign-in counts them (`SignInThrottlePolicy`); nothing was checked.
    case throttled
}
