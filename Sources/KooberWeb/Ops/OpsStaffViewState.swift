import Foundation
import KooberKit

/// **Staff** (admin): each member, their role, whether they have enrolled, and their last sign-in.
struct OpsStaffViewState: Sendable, Encodable {
    struct Row: Sendable, Encodable {
        let name: String
        let email: String
        let roleName: String
        let enrolled: String
        let lastSignIn: String
    }

    let navigation: OpsNavigation
    let rows: [Row]

    init(navigation: OpsNavigation, members: [StaffMember]) {
        self.navigation = navigation
        rows = members.map { member in
            Row(
                name: member.name, email: member.email, roleName: member.role.rawValue,
                enrolled: member.isEnrolled ? "Yes" : "Not yet",
                lastSignIn: member.lastSignInAt.map { PickupTimeText.text(for: $0) } ?? "Never")
        }
    }
}
