import KooberKit
import KooberWeb
import NIOHTTP1

/// The route tables' path parser (`Route.match`, `CloudRoute.match`, `OpsRoute.match`, `Route.loggedPath`): any bytes as a request's
/// path, with every method. Matching never traps; a capture's typed value prints to a path that parses back to the
/// same route and value; a path that matches is claimed with some method; a share link's token never reaches the log.
/// The same bytes as the audit log's `target=` filter (`OpsAuditFilter`): read without a trap, and a target read prints
/// back to what reads as the same target.
public struct RoutePathFuzzTarget: FuzzTarget {
    public let name = "route-path"

    public init() {}

    private static let methods: [HTTPMethod] = [.GET, .HEAD, .POST, .PUT, .PATCH, .DELETE, .OPTIONS]

    public func check(_ input: [UInt8]) throws(FuzzFinding) {
        let path = String(decoding: input, as: UTF8.self)
        for method in Self.methods {
            try Self.check(method, path, match: Route.match, print: { $0.path($1) })
            try Self.check(method, path, match: CloudRoute.match, print: { $0.path($1) })
            try Self.check(method, path, match: OpsRoute.match, print: { $0.path($1) })
        }
        if let target = OpsAuditFilter.target(parsing: path) {
            let printed = OpsAuditFilter.text(of: target)
            guard OpsAuditFilter.target(parsing: printed) == target else {
                throw FuzzFinding("\(path.debugDescription) read as \(target), printed \(printed.debugDescription)")
            }
        }
        let logged = Route.loggedPath(path)
        if let token = Route.shareToken(in: path), logged.contains(token.value) {
            throw FuzzFinding("\(path.debugDescription) logged its share token as \(logged.debugDescription)")
        }
        if logged != path, !logged.contains("*") {
            throw FuzzFinding("\(path.debugDescription) logged as \(logged.debugDescription), not redacted")
        }
    }

    private static func check<R>(
        _ method: HTTPMethod, _ path: String, match: (HTTPMethod, String) -> RouteMatch<R>,
        print: (R, PathValue) -> String
    ) throws(FuzzFinding) {
        switch match(method, path) {
        case .route(let route, let capture?):
            let printed = print(route, capture)
            let again = match(method, printed)
            guard again == .route(route, capture: capture) else {
                throw FuzzFinding(
                    "\(path.debugDescription) read \(capture), printed \(printed.debugDescription), parsed as \(again)")
            }
        case .methodNotAllowed(let allowed) where allowed.isEmpty || allowed.contains(method == .HEAD ? .GET : method):
            throw FuzzFinding("\(method) \(path.debugDescription) is not allowed, yet allowed: \(allowed)")
        default: break
        }
    }
}
