import Foundation
import KooberKit

/// A refund in memory, beside the ride's rating and report. It runs on the actor without suspending, so the check
/// (`RefundRule`) and the write are one step, as in a store's transaction: of two refunds at once, the second sees the
/// first.
extension InMemoryRideRepository {
    func refund(rideID: RideID, _ refund: RideRefund, receipt: OutgoingMail) throws {
        let ride = stored.first { $0.ride.id == rideID }?.ride
        let feedback = feedbackByRide[rideID] ?? RideFeedback()
        if let refusal = RefundRule.refusal(
            ride: ride, tip: feedback.rating?.tip?.cents ?? .zero, alreadyRefunded: feedback.refund != nil,
            amount: refund.amount)
        {
            throw refusal
        }
        feedbackByRide[rideID] = RideFeedback(
            rating: feedback.rating, report: feedback.report,
            refund: RideRefund(amount: refund.amount, refundedAt: refund.refundedAt.milliseconds))
        if let ride { mail.queueIfConfirmed(receipt, for: ride.userID, at: refund.refundedAt) }
    }
}

/// Rides for Koober Ops in memory, over the in-memory rides and users: each act changes, then appends its audit row
/// last, so an act refused or lost leaves no row, as the stores' transactions do.
public actor InMemoryOpsRideRepository: OpsRideRepository {
    private let users: InMemoryUserRepository
    private let rides: InMemoryRideRepository
    private let auditLog: InMemoryAuditLog

    public init(users: InMemoryUserRepository, rides: InMemoryRideRepository, auditLog: InMemoryAuditLog) {
        self.users = users
        self.rides = rides
        self.auditLog = auditLog
    }

    public func opsRide(id: RideID) async throws -> OpsRide? {
        guard let ride = try await rides.ride(id: id), let rider = try await users.profile(id: ride.userID) else {
            return nil
        }
        return OpsRide(
            record: RideRecord(
                ride: ride, events: try await rides.events(rideID: id), feedback: try await rides.feedback(rideID: id)),
            rider: rider)
    }

    public func cancel(_ change: RideChange, audit: AuditEntry) async throws -> Ride? {
        guard let cancelled = try await rides.apply(change) else { return nil }
        await auditLog.append(audit)
        return cancelled
    }

    public func refund(rideID: RideID, _ refund: RideRefund, receipt: OutgoingMail, audit: AuditEntry) async throws {
        try await rides.refund(rideID: rideID, refund, receipt: receipt)
        await auditLog.append(audit)
    }
}
