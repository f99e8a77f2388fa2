/// What an /ops address or form needs of the staff member's role (SPEC.md's table of roles, a row each); which role
/// holds which is `StaffRole.permits(_:)`.
public enum StaffPermission: String, CaseIterable, Sendable {
    /// `GET /ops`: the dashboard.
    case dashboard
    /// Reports: read, reply, resolve.
    case reports
    /// Riders: find, look, lock, unlock; and refunds.
    case riders
    /// The fleet: the live map, out of service and back.
    case fleet
    /// Rides: find, look, cancel a live one.
    case rides
    /// The staff list and the audit log.
    case staffAndAuditLog
}
