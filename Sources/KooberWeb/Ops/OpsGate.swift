import KooberKit

/// A staff member whose live Koober Ops session holds what the route asks (`OpsRoute.access`): only `OpsGate.admit`
/// makes one, and every handler behind Sign In takes one, so no /ops page or form is reached without the check, by
/// type, as `VerifiedForm` makes every form post pass its token's check.
struct AuthorizedStaff: Sendable {
    let session: StaffSession
    /// The session's own token (its cookie's): what its forms' tokens are bound to.
    let token: StaffSessionToken

    var member: StaffMember { session.member }

    fileprivate init(session: StaffSession, token: StaffSessionToken) {
        self.session = session
        self.token = token
    }
}

/// What Koober Ops does with a request before any handler: decided once, for every route, from its `access` and the
/// visitor's live session (SPEC.md, "Koober Ops": without a session every /ops address but Sign In and the enrolment
/// link is a 303 to Sign In; what a role may not do is 403 **Not Allowed** and changes nothing).
enum OpsGate: Equatable {
    /// The route is for anyone (Sign In, the enrolment link).
    case open
    /// No live session: to Sign In.
    case signIn
    /// A live session whose role does not hold the route's permission.
    case notAllowed
    case admitted(AuthorizedStaff)

    static func admit(_ access: OpsAccess, session: StaffSession?, token: StaffSessionToken?) -> OpsGate {
        if access == .anyone { return .open }
        guard let session, let token else { return .signIn }
        if case .permitted(let permission) = access, !session.member.role.permits(permission) { return .notAllowed }
        return .admitted(AuthorizedStaff(session: session, token: token))
    }

    static func == (lhs: OpsGate, rhs: OpsGate) -> Bool {
        switch (lhs, rhs) {
        case (.open, .open), (.signIn, .signIn), (.notAllowed, .notAllowed): true
        case (.admitted(let left), .admitted(let right)): left.session == right.session
        default: false
        }
    }
}
