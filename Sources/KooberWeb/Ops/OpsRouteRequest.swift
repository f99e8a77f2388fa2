import HTTPServer
import KooberKit

/// A request for one of Koober Ops' routes, its input read once (as `RouteRequest` is for riders' pages): either for a
/// route open to anyone or for one behind Sign In, as the route's `access` says, so each is answered by a switch with
/// no case it cannot meet.
enum OpsRouteRequest: Equatable, Sendable {
    /// Sign In and the enrolment link (`OpsAccess.anyone`).
    case open(OpsOpenRequest)
    /// Everything behind Sign In.
    case signedIn(OpsStaffRequest)

    /// Reads `route`'s input from `request`: undecodable percent-escapes or invalid UTF-8 throw (the 400 page).
    init(_ route: OpsRoute, capture: PathValue?, _ request: Request) throws(FormDecodingError) {
        switch route {
        case .signIn: self = .open(.signIn)
        case .enrol: self = .open(.enrol(token: try request.query()[.linkToken] ?? ""))
        case .submitSignIn:
            self = .open(
                try .submit(request) {
                    .signIn(email: $0.text(.email), password: $0.text(.password), code: $0[.authenticatorCode] ?? "")
                })
        case .submitEnrol:
            self = .open(
                try .submit(request) {
                    .enrol(
                        token: $0[.linkToken] ?? "", secret: $0[.authenticatorSecret] ?? "",
                        password: $0.text(.password), code: $0[.authenticatorCode] ?? "")
                })
        case .dashboard: self = .signedIn(.dashboard)
        case .staff: self = .signedIn(.staff)
        case .riders: self = .signedIn(.riders(query: try request.query()["q"] ?? ""))
        case .rider: self = .signedIn(.rider(capture?.userID))
        case .auditLog:
            let query = try request.query()
            self = .signedIn(
                .auditLog(
                    staff: query["staff"].flatMap { PathCapture.id(digits: Substring($0)) }.map(StaffID.init),
                    target: query["target"].flatMap(OpsAuditFilter.target(parsing:)),
                    before: query["before"].flatMap { PathCapture.id(digits: Substring($0)) }.map(AuditEntryID.init)))
        case .signOut: self = .signedIn(try .submit(request) { _ in .signOut })
        case .lockRider:
            self = .signedIn(try .submit(request) { .lockRider(capture?.userID, reason: $0[.reason] ?? "") })
        case .unlockRider: self = .signedIn(try .submit(request) { _ in .unlockRider(capture?.userID) })
        case .fleet: self = .signedIn(.fleet)
        case .fleetEvents: self = .signedIn(.fleetEvents)
        case .takeOutOfService: self = .signedIn(try .submit(request) { _ in .takeOutOfService(capture?.animalID) })
        case .returnToService: self = .signedIn(try .submit(request) { _ in .returnToService(capture?.animalID) })
        case .rides: self = .signedIn(.rides(query: try request.query()["q"] ?? ""))
        case .ride: self = .signedIn(.ride(capture?.rideID))
        case .cancelRide:
            self = .signedIn(try .submit(request) { .cancelRide(capture?.rideID, reason: $0[.reason] ?? "") })
        case .refundRide:
            self = .signedIn(
                try .submit(request) {
                    .refundRide(capture?.rideID, amount: $0[.refundAmount] ?? "", reason: $0[.reason] ?? "")
                })
        case .reports:
            self = .signedIn(.reports(after: try request.query()["after"].flatMap(ReportListCursor.init(text:))))
        case .report: self = .signedIn(.report(capture?.rideID))
        case .replyToReport:
            self = .signedIn(try .submit(request) { .replyToReport(capture?.rideID, text: $0["reply"] ?? "") })
        case .resolveReport: self = .signedIn(try .submit(request) { _ in .resolveReport(capture?.rideID) })
        }
    }
}
