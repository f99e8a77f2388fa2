import KooberKit

/// What a Koober Ops form post asks, with its values read (`OpsRouteRequest`); reached only through `VerifiedOpsForm`.
enum OpsFormAction: Equatable, Sendable {
    case signIn(email: String, password: String, code: String)
    /// The enrolment link's token and the secret shown on its page travel in the form (hidden fields).
    case enrol(token: String, secret: String, password: String, code: String)
    case signOut
    /// Lock Account with its **Reason** (`nil` when the path names no rider Koober could have: a 404).
    case lockRider(UserID?, reason: String)
    case unlockRider(UserID?)
}
