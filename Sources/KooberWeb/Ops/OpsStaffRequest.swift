import HTTPServer
import KooberKit

/// A request for a Koober Ops route behind Sign In, answered only for an `AuthorizedStaff` the gate made for it.
enum OpsStaffRequest: Equatable, Sendable {
    case dashboard
    case staff
    /// Find a rider by what was typed (empty: the form alone).
    case riders(query: String)
    /// A rider's page; `nil` when the path names no rider Koober could have (a 404).
    case rider(UserID?)
    /// The audit log's page: by a member, about a target, before a row (each `nil` when not asked, or not one).
    case auditLog(staff: StaffID?, target: AuditTarget?, before: AuditEntryID?)
    /// Find a ride by what was typed (empty: the form alone).
    case rides(query: String)
    /// A ride's page; `nil` when the path names no ride Koober could have (a 404).
    case ride(RideID?)
    /// A page of reports, from a cursor (`nil`: the first page, or a cursor Koober did not write).
    case reports(after: ReportListCursor?)
    /// A report's page; `nil` when the path names no ride Koober could have (a 404).
    case report(RideID?)
    /// A form post, with the token it carries (for `CSRFProtection.verify`).
    case submit(Action, token: String?)
    case fleet
    /// The fleet's live stream (`OpsFleetEventStream`).
    case fleetEvents

    /// What a signed-in member's form post asks, with its values read; reached only through `Verified<Action>`.
    enum Action: Equatable, Sendable {
        case signOut
        /// Lock Account with its **Reason** (`nil` when the path names no rider Koober could have: a 404).
        case lockRider(UserID?, reason: String)
        case unlockRider(UserID?)
        /// Take Out of Service and Return to Service (`nil` when the path names no animal Koober could have: a 404).
        case takeOutOfService(AnimalID?)
        case returnToService(AnimalID?)
        /// Cancel Ride by Koober with its **Reason** (`nil` when the path names no ride Koober could have: a 404).
        case cancelRide(RideID?, reason: String)
        /// Refund with its amount in dollars, as typed, and its **Reason**.
        case refundRide(RideID?, amount: String, reason: String)
        /// **Reply** with its text (`nil`: no ride Koober could have, a 404).
        case replyToReport(RideID?, text: String)
        case resolveReport(RideID?)
    }

    /// The page this request is for (the navigation marks it as the current one).
    var route: OpsRoute {
        switch self {
        case .dashboard: .dashboard
        case .staff: .staff
        case .riders: .riders
        case .rider: .rider
        case .auditLog: .auditLog
        case .rides: .rides
        case .ride: .ride
        case .submit(.signOut, _): .signOut
        case .submit(.lockRider, _): .lockRider
        case .submit(.unlockRider, _): .unlockRider
        case .fleet: .fleet
        case .fleetEvents: .fleetEvents
        case .submit(.takeOutOfService, _): .takeOutOfService
        case .submit(.returnToService, _): .returnToService
        case .submit(.cancelRide, _): .cancelRide
        case .submit(.refundRide, _): .refundRide
        case .reports: .reports
        case .report: .report
        case .submit(.replyToReport, _): .replyToReport
        case .submit(.resolveReport, _): .resolveReport
        }
    }

    static func submit(_ request: Request, _ action: (URLEncodedForm) -> Action) throws(FormDecodingError) -> Self {
        let form = try request.form()
        return .submit(action(form), token: form[.csrfToken])
    }
}
