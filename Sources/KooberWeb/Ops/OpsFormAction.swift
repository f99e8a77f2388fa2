/// What a Koober Ops form post asks, with its values read (`OpsRouteRequest`); reached only through `VerifiedOpsForm`.
enum OpsFormAction: Equatable, Sendable {
    case signIn(email: String, password: String, code: String)
    /// The enrolment link's token and the secret shown on its page travel in the form (hidden fields).
    case enrol(token: String, secret: String, password: String, code: String)
    case signOut
}
