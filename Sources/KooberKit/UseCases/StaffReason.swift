import Foundation

/// A **Reason** a staff member gives for an act (Lock Account, and the refunds and cancellations to come): trimmed,
/// required, at most `AuditEntry.reasonLimit` (its bytes counted first, on the value as sent).
enum StaffReason {
    /// The reason as stored; throws `RiderAccountError.reason` when it is missing or too long.
    static func checked(_ reason: String) throws -> String {
        if let problem = AuditEntry.reasonLimit.problem(withBytesOf: reason) { throw RiderAccountError.reason(problem) }
        let trimmed = reason.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw RiderAccountError.reason(.missing) }
        if let problem = AuditEntry.reasonLimit.problem(with: trimmed) { throw RiderAccountError.reason(problem) }
        return trimmed
    }
}
