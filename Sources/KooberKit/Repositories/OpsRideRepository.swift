import Foundation

/// Rides as Koober Ops' staff find, look at, cancel and refund them (SPEC.md, "Koober Ops", **Rides** and **Refund**).
/// Each act writes its audit row (`audit`) in the same transaction as what it does: a row is there exactly when the act
/// happened, and an act refused or lost writes nothing.
public protocol OpsRideRepository: Sendable {
    /// The ride as staff see it (its rider, its history, its tip and refund), read at one moment; `nil` without one.
    func opsRide(id: RideID) async throws -> OpsRide?
    /// Applies `change` (a cancellation by Koober, `RideChange.cancelByKoober`) as `RideRepository.apply` does, only
    /// at the revision it was worked out from, in one transaction with `audit` (`cancelledRide`). The ride as
    /// cancelled, or `nil`, and nothing written, when the ride has moved on meanwhile (the clock, the rider's own cancel,
    /// another member's).
    func cancel(_ change: RideChange, audit: AuditEntry) async throws -> Ride?
    /// Refunds `refund.amount` of the finished ride `rideID`, in one transaction with `audit` (`refunded`) and a fresh
    /// `receipt` queued for its rider (if the rider's email is confirmed, as every receipt). Throws
    /// `OpsRideRepositoryError` (`RefundRule`, applied to what the transaction reads: no such ride, not finished, a
    /// refund already, more than the fare plus tip), and then writes nothing. Two refunds of one ride at once: one is
    /// stored, the other is `alreadyRefunded`.
    func refund(rideID: RideID, _ refund: RideRefund, receipt: OutgoingMail, audit: AuditEntry) async throws
}

/// Refusals of an `OpsRideRepository`: nothing was written, no audit row either.
public enum OpsRideRepositoryError: Error, Equatable, Sendable {
    case noSuchRide
    /// A refund of a ride that did not finish.
    case notFinished
    /// A second refund of a ride.
    case alreadyRefunded
    /// More than the ride's fare plus tip (the limit).
    case overLimit(Cents)
}
