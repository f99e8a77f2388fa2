/// What a form token is bound to: the visitor's session id when signed in, otherwise a random pre-session id kept
/// in a cookie of its own. A token verifies only for the value it was made for, so a token from another session,
/// or from before sign-in, is refused.
public enum CSRFBinding: Equatable, Sendable {
    case session(SessionToken)
    case preSession(String)
    /// A Koober Ops session (`koober_ops`): a staff form's token is never a rider's, nor the reverse.
    case staffSession(StaffSessionToken)

    /// The signed message's prefix: the kind keeps a session id and a pre-session id with the same text apart.
    var kind: String {
        switch self {
        case .session: "session"
        case .preSession: "pre-session"
        case .staffSession: "staff-session"
        }
    }

    var value: String {
        switch self {
        case .session(let token): token.value
        case .preSession(let id): id
        case .staffSession(let token): token.value
        }
    }
}
