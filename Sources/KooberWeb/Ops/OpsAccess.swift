import KooberKit

/// Who may reach an /ops route (`OpsRoute.access`), decided once per route and enforced by `OpsGate` before any
/// handler runs.
enum OpsAccess: Equatable, Sendable {
    /// Sign In and the enrolment link: anyone (a signed-in member is sent on from Sign In).
    case anyone
    /// Sign Out: any member with a live session, whatever the role.
    case signedIn
    /// A member with a live session whose role holds the permission (SPEC.md's table, `StaffRole.permits`).
    case permitted(StaffPermission)
}
