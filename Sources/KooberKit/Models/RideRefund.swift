import Foundation

/// Money Koober Ops gave back on a finished ride (SPEC.md, "Koober Ops", **Refund**): once a ride, at most its fare
/// plus tip. The receipt then shows **Refunded A$1.50** and the **Total** after it.
public struct RideRefund: Equatable, Sendable {
    public let amount: Cents
    public let refundedAt: Date

    public init(amount: Cents, refundedAt: Date) {
        self.amount = amount
        self.refundedAt = refundedAt
    }
}

/// Whether a refund of `amount` may be stored, decided once for every store from what it read in the refund's own
/// transaction: the ride (if any), its tip, and whether it has a refund already. `nil` when it may.
public enum RefundRule {
    public static func refusal(ride: Ride?, tip: Cents, alreadyRefunded: Bool, amount: Cents) -> OpsRideRepositoryError?
    {
        guard let ride else { return .noSuchRide }
        guard ride.status == .finished else { return .notFinished }
        guard !alreadyRefunded else { return .alreadyRefunded }
        let limit = limit(fare: ride.fareCents, tip: tip)
        guard amount > .zero, amount <= limit else { return .overLimit(limit) }
        return nil
    }

    /// The most a finished ride can be refunded: its fare plus tip.
    public static func limit(fare: Cents, tip: Cents) -> Cents {
        fare + tip
    }
}
