import Foundation
import KooberKit

/// A staff member as the acts name them (audit rows copy them; no store needs to hold them).
func staffMember(_ id: Int64 = 1, _ email: String = "ana@koober.example", role: StaffRole = .support) -> StaffMember {
    StaffMember(
        id: StaffID(id), email: email, name: "Ana Lima", role: role, isEnrolled: true, lastSignInAt: referenceTime)
}

/// What `member` did to `target` at `time` (a look unless said).
func auditEntry(
    _ target: AuditTarget, _ action: AuditAction = .lookedAtRider, by member: StaffMember = staffMember(),
    reason: String? = nil, at time: Date = referenceTime
) -> AuditEntry {
    AuditEntry(by: member, action, target: target, reason: reason, at: time)
}

extension Repositories {
    /// Every row of the audit log, newest first.
    func auditRows() async throws -> [AuditEntry] {
        try await auditLog.entries(staff: nil, target: nil, before: nil, limit: 1_000).map(\.entry)
    }
}
