import Foundation
import KooberKit

/// Rides for Koober Ops: a ride read whole in one snapshot, and the acts (cancel, refund) each with its audit row in
/// one write transaction (`SQLiteAuditLogRepository.append`), so a row is there exactly when the act is. SQLite has one
/// writer: a refund's check (`RefundRule`) and its write are one step, and `ride_refunds`' primary key refuses a second
/// refund whatever else happens.
public struct SQLiteOpsRideRepository: OpsRideRepository {
    private let database: SQLiteDatabase

    public init(database: SQLiteDatabase) {
        self.database = database
    }

    public func opsRide(id: RideID) async throws -> OpsRide? {
        try await database.read { connection in
            try connection.snapshot { connection in
                guard let ride = try SQLiteRideRepository.ride(id: id.rawValue, on: connection) else { return nil }
                let rider = try connection.query(
                    "SELECT id, name, nickname, email, mobile_number, language FROM users WHERE id = ?",
                    [.integer(ride.userID.rawValue)]
                )
                .first.map(SQLiteUserRepository.profile(from:))
                guard let rider else { return nil }
                let feedback = RideFeedback(
                    rating: try SQLiteRideFeedbackRepository.rating(rideID: id, on: connection),
                    refund: try SQLiteRideFeedbackRepository.refund(rideID: id, on: connection))
                return OpsRide(
                    record: RideRecord(
                        ride: ride, events: try SQLiteRideRepository.events(rideID: id, on: connection),
                        feedback: feedback),
                    rider: rider)
            }
        }
    }

    public func cancel(_ change: RideChange, audit: AuditEntry) async throws -> Ride? {
        try await database.write { connection in
            guard let cancelled = try SQLiteRideRepository.apply(change, on: connection) else { return nil }
            try SQLiteAuditLogRepository.append(audit, on: connection)
            return cancelled
        }
    }

    public func refund(rideID: RideID, _ refund: RideRefund, receipt: OutgoingMail, audit: AuditEntry) async throws {
        try await database.write { connection in
            let ride = try SQLiteRideRepository.ride(id: rideID.rawValue, on: connection)
            let tip = try SQLiteRideFeedbackRepository.rating(rideID: rideID, on: connection)?.tip?.cents ?? .zero
            let refunded = try SQLiteRideFeedbackRepository.refund(rideID: rideID, on: connection) != nil
            if let refusal = RefundRule.refusal(ride: ride, tip: tip, alreadyRefunded: refunded, amount: refund.amount)
            {
                throw refusal
            }
            do {
                try connection.execute(
                    "INSERT INTO ride_refunds (ride_id, amount_cents, refunded_at_ms) VALUES (?, ?, ?)",
                    [
                        .integer(rideID.rawValue), .integer(Int64(refund.amount.value)),
                        .unixMilliseconds(refund.refundedAt),
                    ])
            } catch let error as SQLiteError where error.isUniqueViolation {
                throw OpsRideRepositoryError.alreadyRefunded
            }
            try SQLiteAuditLogRepository.append(audit, on: connection)
            try SQLiteAccountLinkRepository.queueIfConfirmed(
                receipt, for: .riderOf(rideID), at: refund.refundedAt, on: connection)
        }
    }
}
