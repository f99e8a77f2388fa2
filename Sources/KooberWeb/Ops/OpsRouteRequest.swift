import HTTPServer
import KooberKit

/// A request for one of Koober Ops' pages or form actions, parsed once (as `RouteRequest` is for riders' pages).
enum OpsRouteRequest: Equatable, Sendable {
    case signIn
    /// The enrolment link's token, empty when the address has none.
    case enrol(token: String)
    case dashboard
    case staff
    /// Find a rider by what was typed (empty: the form alone).
    case riders(query: String)
    /// A rider's page; `nil` when the path names no rider Koober could have (a 404).
    case rider(UserID?)
    /// The audit log's page: by a member, about a target, before a row (each `nil` when not asked, or not one).
    case auditLog(staff: StaffID?, target: AuditTarget?, before: AuditEntryID?)
    /// A form post, with the token it carries (for `CSRFProtection.verify`).
    case submit(OpsFormAction, token: String?)

    /// The page this request is for (the navigation marks it as the current one).
    var route: OpsRoute {
        switch self {
        case .signIn: .signIn
        case .enrol: .enrol
        case .dashboard: .dashboard
        case .staff: .staff
        case .riders: .riders
        case .rider: .rider
        case .auditLog: .auditLog
        case .submit(.signIn, _): .submitSignIn
        case .submit(.enrol, _): .submitEnrol
        case .submit(.signOut, _): .signOut
        case .submit(.lockRider, _): .lockRider
        case .submit(.unlockRider, _): .unlockRider
        }
    }

    /// Reads `route`'s input from `request`: undecodable percent-escapes or invalid UTF-8 throw (the 400 page).
    init(_ route: OpsRoute, capture: PathValue?, _ request: Request) throws(FormDecodingError) {
        switch route {
        case .signIn: self = .signIn
        case .enrol: self = .enrol(token: try request.query()[.linkToken] ?? "")
        case .dashboard: self = .dashboard
        case .staff: self = .staff
        case .riders: self = .riders(query: try request.query()["q"] ?? "")
        case .rider: self = .rider(capture?.userID)
        case .auditLog:
            let query = try request.query()
            self = .auditLog(
                staff: query["staff"].flatMap { PathCapture.id(digits: Substring($0)) }.map(StaffID.init),
                target: query["target"].flatMap(OpsAuditFilter.target(parsing:)),
                before: query["before"].flatMap { PathCapture.id(digits: Substring($0)) }.map(AuditEntryID.init))
        case .lockRider:
            self = try .submit(request) { .lockRider(capture?.userID, reason: $0[.reason] ?? "") }
        case .unlockRider: self = try .submit(request) { _ in .unlockRider(capture?.userID) }
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
