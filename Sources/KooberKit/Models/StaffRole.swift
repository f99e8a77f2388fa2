/// What a Koober Ops staff member is (SPEC.md, "Koober Ops", **Roles**): what each may do is `permits(_:)`, decided
/// here once, for every /ops address and form.
public enum StaffRole: String, CaseIterable, Sendable {
    /// Answers riders: reports, riders and refunds, rides.
    case support
    /// Runs the animals: the fleet, rides.
    case fleet
    /// Everything, and the staff and the audit log besides.
    case admin

    /// Whether a member of this role may do what `permission` covers: SPEC.md's table, row by row.
    public func permits(_ permission: StaffPermission) -> Bool {
        switch permission {
        case .dashboard, .rides: true
        case .reports, .riders: self == .support || self == .admin
        case .fleet: self == .fleet || self == .admin
        case .staffAndAuditLog: self == .admin
        }
    }

    /// Every permission of this role, in the table's order.
    public var permissions: [StaffPermission] {
        StaffPermission.allCases.filter(permits)
    }
}
