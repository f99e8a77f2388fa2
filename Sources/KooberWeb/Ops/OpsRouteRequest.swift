import HTTPServer

/// A request for one of Koober Ops' pages or form actions, parsed once (as `RouteRequest` is for riders' pages).
enum OpsRouteRequest: Equatable, Sendable {
    case signIn
    /// The enrolment link's token, empty when the address has none.
    case enrol(token: String)
    case dashboard
    case staff
    /// A form post, with the token it carries (for `CSRFProtection.verify`).
    case submit(OpsFormAction, token: String?)

    /// The page this request is for (the navigation marks it as the current one).
    var route: OpsRoute {
        switch self {
        case .signIn: .signIn
        case .enrol: .enrol
        case .dashboard: .dashboard
        case .staff: .staff
        case .submit(.signIn, _): .submitSignIn
        case .submit(.enrol, _): .submitEnrol
        case .submit(.signOut, _): .signOut
        }
    }

    /// Reads `route`'s input from `request`: undecodable percent-escapes or invalid UTF-8 throw (the 400 page).
    init(_ route: OpsRoute, _ request: Request) throws(FormDecodingError) {
        switch route {
        case .signIn: self = .signIn
        case .enrol: self = .enrol(token: try request.query()[.linkToken] ?? "")
        case .dashboard: self = .dashboard
        case .staff: self = .staff
        case .submitSignIn:
            self = try .submit(request) {
                .signIn(email: $0.text(.email), password: $0.text(.password), code: $0[.authenticatorCode] ?? "")
            }
        case .submitEnrol:
            self = try .submit(request) {
                .enrol(
                    token: $0[.linkToken] ?? "", secret: $0[.authenticatorSecret] ?? "", password: $0.text(.password),
                    code: $0[.authenticatorCode] ?? "")
            }
        case .signOut: self = try .submit(request) { _ in .signOut }
        }
    }

    private static func submit(
        _ request: Request, _ action: (URLEncodedForm) -> OpsFormAction
    ) throws(FormDecodingError) -> OpsRouteRequest {
        let form = try request.form()
        return .submit(action(form), token: form[.csrfToken])
    }
}
