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

extension StaffReason {
    /// The reason as stored, or its problem: for the acts that check several fields at once (a refund's amount and
    /// reason) and throw their own error.
    static func checkedOrProblem(_ reason: String) -> (reason: String?, problem: FieldProblem?) {
        do {
            return (try checked(reason), nil)
        } catch RiderAccountError.reason(let problem) {
            return (nil, problem)
        } catch {
            return (nil, .missing)
        }
    }
}
