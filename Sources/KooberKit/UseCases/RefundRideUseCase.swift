import Foundation

/// **Refund** on a finished ride's page in Koober Ops (SPEC.md, "Koober Ops", **Refund**): an amount typed in dollars
/// (`RefundAmount`), more than nothing and at most the ride's fare plus tip, once a ride, with a **Reason**. In one
/// transaction: the refund, its audit row (`refunded`, target the ride) and a fresh receipt mail to the rider, which,
/// like the receipt page, then shows **Refunded A$1.50** and the **Total** after it. A refund moves money: it takes
/// `StaffPermission.riders` (support and admin), not `.rides`.
///
/// Throws an `OpsRideError`, and then changes nothing and writes no row.
public struct RefundRideUseCase: Sendable {
    let rideID: RideID
    let amount: String
    let reason: String
    let member: StaffMember
    let now: Date
    let opsRides: any OpsRideRepository

    public init(
        rideID: RideID, amount: String, reason: String, member: StaffMember, now: Date, opsRides: any OpsRideRepository
    ) {
        self.rideID = rideID
        self.amount = amount
        self.reason = reason
        self.member = member
        self.now = now
        self.opsRides = opsRides
    }

    public func run() async throws -> RideRefund {
        guard member.role.permits(.riders) else { throw OpsRideError.notAllowed }
        let parsed = RefundAmount(dollars: amount)
        let amountProblem: FieldProblem? =
            parsed != nil ? nil : amount.trimmingCharacters(in: .whitespaces).isEmpty ? .missing : .notAnAmount
        let (checked, reasonProblem) = StaffReason.checkedOrProblem(reason)
        guard let parsed, let reason = checked else {
            throw OpsRideError.invalid(amount: amountProblem, reason: reasonProblem)
        }
        let refund = RideRefund(amount: parsed.cents, refundedAt: now)
        let audit = AuditEntry(by: member, .refunded, target: .ride(rideID), reason: reason, at: now)
        do {
            try await opsRides.refund(rideID: rideID, refund, receipt: .receipt(of: rideID), audit: audit)
        } catch let error as OpsRideRepositoryError {
            switch error {
            case .noSuchRide: throw OpsRideError.noSuchRide
            case .notFinished: throw OpsRideError.notFinished
            case .alreadyRefunded: throw OpsRideError.alreadyRefunded
            case .overLimit(let limit): throw OpsRideError.overLimit(limit)
            }
        }
        return refund
    }
}
