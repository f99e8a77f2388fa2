import Foundation
import KooberKit
import KooberTestSupport
import TestBrowsing
import Testing

@testable import KooberWeb

/// Every /ops route × every role, no session and a rider's session (issue 43, item 6): a route is reached only with a
/// live Koober Ops session whose role holds its permission (SPEC.md's table); without a session it is a 303 to Sign In,
/// with a role that may not, 403 **Not Allowed**, and nothing changes.
@Suite struct OpsPermissionMatrixTests {
    enum Visitor: String, CaseIterable, CustomStringConvertible {
        case nobody, rider, support, fleet, admin

        var role: StaffRole? {
            switch self {
            case .nobody, .rider: nil
            case .support: .support
            case .fleet: .fleet
            case .admin: .admin
            }
        }

        var description: String { rawValue }
    }

    enum Outcome: Equatable {
        /// The handler was reached (its own answer: a page, a redirect of its own, a form's refusal).
        case reached
        case signIn
        case notAllowed
    }

    /// What a visitor gets at a route: SPEC.md's table read through `OpsRoute.access`, stated here on its own.
    static func expected(_ route: OpsRoute, _ visitor: Visitor) -> Outcome? {
        switch route.access {
        case .anyone: return nil  // answered by the page itself: checked elsewhere
        case .signedIn: return visitor.role == nil ? .signIn : .reached
        case .permitted(let permission):
            guard let role = visitor.role else { return .signIn }
            let allowed: Set<StaffRole> =
                switch permission {
                case .dashboard, .rides: [.support, .fleet, .admin]
                case .reports, .riders: [.support, .admin]
                case .fleet: [.fleet, .admin]
                case .staffAndAuditLog: [.admin]
                }
            return allowed.contains(role) ? .reached : .notAllowed
        }
    }

    /// A path of `route`: its template's, with the demo rider's id where it takes one (and ride 1 where it takes a
    /// ride's: a report's routes).
    static func path(_ route: OpsRoute) -> String {
        switch route.template.capture {
        case .userID: route.path(.userID(UserID(1)))
        case .rideID: route.path(.rideID(RideID(1)))
        default: route.path
        }
    }

    @Test(arguments: Visitor.allCases)
    func everyRouteAnswersAsTheTableSays(visitor: Visitor) async throws {
        let app = try await KooberTestApp()
        let browser = app.browser()
        switch visitor {
        case .nobody: break
        case .rider: try await browser.signInAsJohnny()
        case .support, .fleet, .admin:
            let staff = try await app.enrolledStaff(try #require(visitor.role))
            try await browser.signInToOps(
                email: staff.email, password: staff.password, code: staff.code(at: app.clock.now))
            #expect(browser.path == "/ops")
        }
        // Forms are posted with the page's own token, so that only the gate can refuse them.
        try await browser.visit(visitor.role == nil ? "/ops/signin" : "/ops")
        let token = try #require(try browser.formToken())
        for route in OpsRoute.allCases where route.access != .anyone && route != .signOut {
            let path = Self.path(route)
            let (status, next) = try await Self.firstAnswer(browser) {
                if route.method == .GET {
                    try await browser.visit(path)
                } else {
                    try await browser.post(path, fields: [("csrf_token", token)])
                }
            }
            let outcome: Outcome =
                status == 303 && next == "/ops/signin" ? .signIn : status == 403 ? .notAllowed : .reached
            #expect(
                outcome == Self.expected(route, visitor), "\(visitor) at \(route.method.rawValue) \(path): \(status)")
            if outcome == .notAllowed { #expect(try browser.errorPanel()?.title == "Not Allowed") }
            if outcome == .reached { #expect(status < 500) }
        }
        // Sign Out last: any member may; without a session it is Sign In all the same.
        let (status, next) = try await Self.firstAnswer(browser) {
            try await browser.post(OpsRoute.signOut.path, fields: [("csrf_token", token)])
        }
        #expect(status == 303)
        #expect(next == "/ops/signin")
    }

    /// The status of the first answer to what `request` sends (before any redirect it asks for), and where that led.
    static func firstAnswer(_ browser: TestBrowser, _ request: () async throws -> Void) async throws -> (UInt, String?)
    {
        let before = browser.history.count
        try await request()
        let first = browser.history[before]
        return (first.status.code, browser.history.count > before + 1 ? browser.history[before + 1].path : nil)
    }

    @Test func theTableIsSpecsRowByRow() {
        #expect(StaffRole.support.permissions == [.dashboard, .reports, .riders, .rides])
        #expect(StaffRole.fleet.permissions == [.dashboard, .fleet, .rides])
        #expect(StaffRole.admin.permissions == StaffPermission.allCases)
    }

    @Test func everyOpsAnswerIsKeptByNobodyAndListedNowhere() async throws {
        let app = try await KooberTestApp()
        let browser = app.browser()
        for path in ["/ops/signin", "/ops/enrol?token=nope", "/ops/nothing-here"] {
            try await browser.visit(path)
            #expect(browser.headers["cache-control"].first == "no-store", "\(path)")
            #expect(browser.headers["x-robots-tag"].first == "noindex", "\(path)")
        }
        #expect(browser.status == .notFound)
        try await browser.post("/ops", fields: [])
        #expect(browser.status == .methodNotAllowed)
        #expect(browser.headers["x-robots-tag"].first == "noindex")
    }

    @Test func aFormWithoutAValidTokenChangesNothing() async throws {
        let app = try await KooberTestApp()
        let staff = try await app.enrolledStaff(.admin)
        let browser = app.browser()
        try await browser.signInToOps(email: staff.email, password: staff.password, code: staff.code(at: app.clock.now))
        try await browser.post("/ops/signout", fields: [("csrf_token", "forged")])
        #expect(browser.status == .forbidden)
        try await browser.visit("/ops")
        #expect(browser.path == "/ops")
    }
}
