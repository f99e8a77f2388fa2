import KooberKit

/// Koober Ops' navigation, shown on every page behind Sign In: the sections the member's role may open, and who is
/// signed in. A section a role may not open is not offered (and answers 403 all the same: `OpsGate`).
struct OpsNavigation: Sendable, Encodable {
    struct Link: Sendable, Encodable {
        let title: String
        let path: String
        let isCurrent: Bool
    }

    let links: [Link]
    let memberName: String
    let roleName: String
    let signOutPath = OpsRoute.signOut.path
    let csrfToken: String

    init(staff: AuthorizedStaff, current: OpsRoute, csrfToken: String) {
        let sections: [(String, OpsRoute)] = [
            ("Dashboard", .dashboard), ("Reports", .reports), ("Riders", .riders), ("Rides", .rides), ("Fleet", .fleet),
            ("Staff", .staff), ("Audit Log", .auditLog),
        ]
        links = sections.compactMap { title, route in
            guard case .permitted(let permission) = route.access, staff.member.role.permits(permission) else {
                return nil
            }
            let isCurrent =
                route == current || (route == .riders && [.rider, .lockRider, .unlockRider].contains(current))
                || (route == .rides && [.ride, .cancelRide, .refundRide].contains(current))
                || (route == .reports && [.report, .replyToReport, .resolveReport].contains(current))
            return Link(title: title, path: route.path, isCurrent: isCurrent)
        }
        memberName = staff.member.name
        roleName = staff.member.role.rawValue
        self.csrfToken = csrfToken
    }
}
