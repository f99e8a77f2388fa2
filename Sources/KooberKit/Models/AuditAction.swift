/// What a Koober Ops staff member did, as the audit log records it (SPEC.md, "Koober Ops", **Audit Log**): every /ops
/// action that changes something, and every look at a rider's page. The raw values are what storage keeps; a new
/// action is a case here and a migration that lets the stores' CHECK take it.
public enum AuditAction: String, CaseIterable, Sendable {
    /// Opened a rider's page (its profile, rides and reports).
    case lookedAtRider = "looked_at_rider"
    /// Locked a rider's account (**Lock Account**).
    case lockedAccount = "locked_account"
    /// Unlocked a rider's account (**Unlock Account**).
    case unlockedAccount = "unlocked_account"
    /// Refunded part or all of a finished ride's fare and tip.
    case refunded
    /// Cancelled a live ride (Koober cancelled it).
    case cancelledRide = "cancelled_ride"
    /// Replied to a rider's report.
    case repliedToReport = "replied_to_report"
    /// Resolved (closed) a rider's report.
    case resolvedReport = "resolved_report"
    /// Took an animal out of service.
    case tookOutOfService = "took_out_of_service"
    /// Returned an animal to service.
    case returnedToService = "returned_to_service"
}
