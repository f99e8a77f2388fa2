import HTTPServer
import KooberKit
import NIOCore
import NIOHTTP1
import Testing

@testable import KooberWeb

@Suite struct OpsRouteRequestTests {
    /// A path of `route`, with the value 7 where it captures one.
    private func samplePath(_ route: OpsRoute) -> String {
        switch route.template.capture {
        case nil: route.path
        case .userID: route.path(.userID(UserID(7)))
        case .rideID: route.path(.rideID(RideID(7)))
        case .animalID: route.path(.animalID(AnimalID(7)))
        case let other?:
            route.path + "/unknown-capture-\(other)"
        }
    }

    private func parsed(_ route: OpsRoute, _ uri: String? = nil, form: String = "") throws -> OpsRouteRequest {
        let path = uri ?? samplePath(route)
        let request = Request(
            method: route.method, uri: path,
            headers: route.method == .POST ? ["Content-Type": "application/x-www-form-urlencoded"] : [:],
            body: ByteBuffer(string: form))
        guard case .route(let matched, let capture) = OpsRoute.match(method: route.method, path: request.path),
            matched == route
        else {
            Issue.record("\(path) does not reach \(route)")
            return .open(.signIn)
        }
        return try OpsRouteRequest(route, capture: capture, request)
    }

    /// The responder's two switches meet only their own cases because these agree: `OpsGate` admits to a route behind
    /// Sign In exactly when its access is not `anyone`.
    @Test(arguments: OpsRoute.allCases)
    func aRouteIsReadAsOpenExactlyWhenAnyoneMayReachIt(route: OpsRoute) throws {
        let request = try parsed(route)
        switch request {
        case .open: #expect(route.access == .anyone)
        case .signedIn(let staffRequest):
            #expect(route.access != .anyone)
            #expect(staffRequest.route == route)
        }
    }

    @Test func theAuditLogsFiltersAreReadAndAnythingElseIsNoFilter() throws {
        #expect(
            try parsed(.auditLog, "/ops/audit?staff=3&target=ride:40&before=99")
                == .signedIn(.auditLog(staff: StaffID(3), target: .ride(RideID(40)), before: AuditEntryID(99))))
        for query in [
            "staff=-1&target=ride&before=1e3", "staff=99999999999999999999&target=rider:&before=", "target=x:1",
        ] {
            #expect(
                try parsed(.auditLog, "/ops/audit?" + query)
                    == .signedIn(.auditLog(staff: nil, target: nil, before: nil)))
        }
    }

    @Test func aLockCarriesItsRiderReasonAndToken() throws {
        #expect(
            try parsed(.lockRider, form: "reason=Abuse&csrf_token=t")
                == .signedIn(.submit(.lockRider(UserID(7), reason: "Abuse"), token: "t")))
    }

    @Test func aReplyCarriesItsRideTextAndTokenAndTheListItsCursor() throws {
        #expect(
            try parsed(.replyToReport, form: "reply=Sorry%21%0AWe+refunded+it.&csrf_token=t")
                == .signedIn(.submit(.replyToReport(RideID(7), text: "Sorry!\nWe refunded it."), token: "t")))
        #expect(
            try parsed(.reports, "/ops/reports?after=open.1700000000123.42")
                == .signedIn(
                    .reports(after: ReportListCursor(part: .open, milliseconds: 1_700_000_000_123, rideID: RideID(42))))
        )
        for query in ["after=open.1.0", "after=shut.1.1", "after=", "x=1"] {
            #expect(try parsed(.reports, "/ops/reports?" + query) == .signedIn(.reports(after: nil)))
        }
        #expect(try parsed(.report, "/ops/reports/42") == .signedIn(.report(RideID(42))))
    }

    @Test func undecodableInputIsABadRequest() {
        #expect(throws: FormDecodingError.self) { try parsed(.riders, "/ops/riders?q=%FF") }
    }
}
