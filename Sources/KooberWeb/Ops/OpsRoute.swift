import KooberKit
import NIOHTTP1

/// Every page and form action of Koober Ops (SPEC.md, "Koober Ops — `/ops`"): parsed from a request once, printed into
/// links, and each declaring who may reach it (`access`), which `OpsGate` enforces before any handler runs.
public enum OpsRoute: String, CaseIterable, Sendable {
    case signIn
    case submitSignIn
    /// `/ops/enrol?token=…`: the enrolment link `koober staff add` prints.
    case enrol
    case submitEnrol
    case signOut
    case dashboard
    /// The staff and their last sign-in (admin).
    case staff
    /// Find a rider: `/ops/riders?q=` an exact email or a ride id.
    case riders
    /// `/ops/riders/<id>`: a rider's page (each look is in the audit log).
    case rider
    case lockRider
    case unlockRider
    /// The audit log (admin), newest first, by staff member or by target.
    case auditLog
    /// The fleet on the map and in a table (fleet, admin); its live stream; an animal out of service and back.
    case fleet
    case fleetEvents
    case takeOutOfService
    case returnToService
    /// Find a ride: `/ops/rides?q=` its id.
    case rides
    /// `/ops/rides/<id>`: a ride's page, its timeline, **Cancel Ride** while live and **Refund** once finished.
    case ride
    case cancelRide
    /// A refund moves money: support and admin only (`StaffPermission.riders`), as SPEC.md's table says.
    case refundRide
    /// Riders' reports: open ones first, oldest first, then the resolved; `?after=` a page's cursor.
    case reports
    /// `/ops/reports/<ride id>`: a report's page (a report is one per ride).
    case report
    case replyToReport
    case resolveReport

    /// Where this route lives.
    var template: PathTemplate {
        switch self {
        case .signIn, .submitSignIn: .literal("/ops/signin")
        case .enrol, .submitEnrol: .literal("/ops/enrol")
        case .signOut: .literal("/ops/signout")
        case .dashboard: .literal("/ops")
        case .staff: .literal("/ops/staff")
        case .riders: .literal("/ops/riders")
        case .rider: .captured("/ops/riders/", .userID)
        case .lockRider: .captured("/ops/riders/", .userID, "/lock")
        case .unlockRider: .captured("/ops/riders/", .userID, "/unlock")
        case .auditLog: .literal("/ops/audit")
        case .fleet: .literal("/ops/fleet")
        case .fleetEvents: .literal("/ops/fleet/events")
        case .takeOutOfService: .captured("/ops/fleet/", .animalID, "/out-of-service")
        case .returnToService: .captured("/ops/fleet/", .animalID, "/return")
        case .rides: .literal("/ops/rides")
        case .ride: .captured("/ops/rides/", .rideID)
        case .cancelRide: .captured("/ops/rides/", .rideID, "/cancel")
        case .refundRide: .captured("/ops/rides/", .rideID, "/refund")
        case .reports: .literal("/ops/reports")
        case .report: .captured("/ops/reports/", .rideID)
        case .replyToReport: .captured("/ops/reports/", .rideID, "/reply")
        case .resolveReport: .captured("/ops/reports/", .rideID, "/resolve")
        }
    }

    /// The path this route lives at.
    public var path: String { template.description }

    /// The path of this route for `value`, printed by its template.
    public func path(_ value: PathValue) -> String { template.path(value) }

    /// The method that reaches this route (`HEAD` reaches every `GET` route).
    public var method: HTTPMethod {
        switch self {
        case .signIn, .enrol, .dashboard, .staff, .riders, .rider, .auditLog, .fleet, .fleetEvents, .rides, .ride,
            .reports,
            .report:
            .GET
        case .submitSignIn, .submitEnrol, .signOut, .lockRider, .unlockRider, .takeOutOfService, .returnToService,
            .cancelRide, .refundRide, .replyToReport, .resolveReport:
            .POST
        }
    }

    /// Who may reach it: SPEC.md's table of roles, one row each (`StaffPermission`).
    var access: OpsAccess {
        switch self {
        case .signIn, .submitSignIn, .enrol, .submitEnrol: .anyone
        case .signOut: .signedIn
        case .dashboard: .permitted(.dashboard)
        case .staff, .auditLog: .permitted(.staffAndAuditLog)
        case .riders, .rider, .lockRider, .unlockRider: .permitted(.riders)
        case .fleet, .fleetEvents, .takeOutOfService, .returnToService: .permitted(.fleet)
        case .rides, .ride, .cancelRide: .permitted(.rides)
        case .refundRide: .permitted(.riders)
        case .reports, .report, .replyToReport, .resolveReport: .permitted(.reports)
        }
    }

    /// Whether the page's address carries the enrolment link's token: its responses send no `Referer`.
    var carriesLinkToken: Bool { self == .enrol || self == .submitEnrol }

    /// A rider's page, `/ops/riders/<id>`.
    static func riderPath(_ id: UserID) -> String { rider.path(.userID(id)) }

    /// A ride's page, `/ops/rides/<id>`.
    static func ridePath(_ id: RideID) -> String { ride.path(.rideID(id)) }

    /// A report's page, `/ops/reports/<ride id>`.
    static func reportPath(_ rideID: RideID) -> String { report.path(.rideID(rideID)) }

    private static let table = RouteTable(allCases, template: \.template, method: \.method)

    /// The route `method` and `path` ask for.
    public static func match(method: HTTPMethod, path: String) -> RouteMatch<OpsRoute> {
        table.match(method: method, path: path)
    }

    /// Whether `path` is Koober Ops' (`/ops` and everything under it), answered by `OpsResponder` alone, its 404s too.
    static func ownsPath(_ path: String) -> Bool {
        path == "/ops" || path.hasPrefix("/ops/")
    }
}
