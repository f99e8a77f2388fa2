import KooberKit
import Testing

/// SPEC.md's table of roles, row by row: what each role may do, and nothing more.
struct StaffRoleTests {
    /// The table as SPEC.md writes it: a row each, the roles that have it.
    static let table: [(StaffPermission, Set<StaffRole>)] = [
        (.dashboard, [.support, .fleet, .admin]),
        (.reports, [.support, .admin]),
        (.riders, [.support, .admin]),
        (.fleet, [.fleet, .admin]),
        (.rides, [.support, .fleet, .admin]),
        (.staffAndAuditLog, [.admin]),
    ]

    @Test(arguments: table)
    func eachRowOfTheTableHoldsForEveryRole(permission: StaffPermission, roles: Set<StaffRole>) {
        for role in StaffRole.allCases {
            #expect(role.permits(permission) == roles.contains(role), "\(role) and \(permission)")
        }
    }

    @Test func theTableNamesEveryPermissionOnce() {
        #expect(Self.table.map(\.0) == StaffPermission.allCases)
    }

    @Test func eachRolesPermissionsAreItsRowsInTheTablesOrder() {
        #expect(StaffRole.support.permissions == [.dashboard, .reports, .riders, .rides])
        #expect(StaffRole.fleet.permissions == [.dashboard, .fleet, .rides])
        #expect(StaffRole.admin.permissions == StaffPermission.allCases)
    }

    @Test func rolesAreReadOnlyByTheirNames() {
        #expect(StaffRole.allCases.map(\.rawValue) == ["support", "fleet", "admin"])
        #expect(StaffRole(rawValue: "Admin") == nil && StaffRole(rawValue: "root") == nil)
    }
}
