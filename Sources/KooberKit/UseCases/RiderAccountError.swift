/// Why a Koober Ops act on a rider (find, look, lock, unlock) did nothing; no audit row was written.
public enum RiderAccountError: Error, Equatable, Sendable {
    /// The member's role may not act on riders (`StaffPermission.riders`): **Not Allowed**.
    case notAllowed
    /// No rider has that id (or no longer: the account was deleted).
    case noSuchRider
    /// **Lock Account** on an account that is locked already.
    case alreadyLocked
    /// **Unlock Account** on an account that is not locked.
    case notLocked
    /// The **Reason** is missing or over `AuditEntry.reasonLimit`.
    case reason(FieldProblem)
}
