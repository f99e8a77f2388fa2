/// Why a Koober Ops act on a ride (look, cancel, refund) did nothing; no audit row was written.
public enum OpsRideError: Error, Equatable, Sendable {
    /// The member's role may not do this (`StaffPermission.rides`, or `.riders` for a refund): **Not Allowed**.
    case notAllowed
    /// No ride has that id (or no longer: its rider deleted the account).
    case noSuchRide
    /// **Cancel Ride** on a ride that is no longer live: finished or cancelled (by the clock, the rider or another
    /// member, meanwhile).
    case notLive
    /// **Refund** on a ride that did not finish.
    case notFinished
    /// A second **Refund** of a ride: one a ride.
    case alreadyRefunded
    /// More than the ride's fare plus tip, the limit given.
    case overLimit(Cents)
    /// The fields as sent: the amount (a refund's; `nil` when fine or not asked) and the **Reason**.
    case invalid(amount: FieldProblem?, reason: FieldProblem?)
}
