import Foundation
import KooberKit
import PostgresNIO

/// Rides for Koober Ops: a ride read whole in one statement, and the acts (cancel, refund) each with its audit row in
/// one transaction (`PostgresAuditLogRepository.append`), so a row is there exactly when the act is. A refund locks the
/// ride's row first (`FOR UPDATE`, as a rating does), so two refunds, or a refund and a tip, sent at once take turns:
/// the second sees the first, and `ride_refunds`' primary key refuses a second refund whatever else happens.
public struct PostgresOpsRideRepository: OpsRideRepository {
    private let database: PostgresDatabase

    public init(database: PostgresDatabase) {
        self.database = database
    }

    /// The ride, its rider, its rating and refund in one statement (one snapshot), then its history.
    public func opsRide(id: RideID) async throws -> OpsRide? {
        try await database.transaction { transaction in
            let rows = try await transaction.query(
                """
                SELECT o.*, u.name AS rider_name, u.nickname AS rider_nickname, u.email AS rider_email,
                       u.mobile_number AS rider_mobile_number,
                       g.stars, g.compliments, g.tip_cents, g.first_rated_at_ms, f.amount_cents, f.refunded_at_ms
                FROM (\(unescaped: PostgresRideRepository.selectRides) WHERE r.id = \(id.rawValue)) AS o
                JOIN users AS u ON u.id = o.user_id
                LEFT JOIN ride_ratings AS g ON g.ride_id = o.id
                LEFT JOIN ride_refunds AS f ON f.ride_id = o.id
                """
            )
            guard let row = rows.first else { return nil }
            let ride = try PostgresRideRepository.ride(from: row)
            let columns = row.makeRandomAccess()
            let rider = UserProfile(
                id: ride.userID, name: try columns["rider_name"].decode(String.self),
                nickname: try columns["rider_nickname"].decode(String.self),
                email: try columns["rider_email"].decode(String.self),
                mobileNumber: try columns["rider_mobile_number"].decode(String.self))
            let feedback = RideFeedback(
                rating: try PostgresRideFeedbackRepository.rating(
                    stars: try columns["stars"].decode(Int?.self),
                    compliments: try columns["compliments"].decode(Int?.self),
                    tipCents: try columns["tip_cents"].decode(Int?.self),
                    at: try columns["first_rated_at_ms"].decode(Int64?.self)),
                refund: PostgresRideFeedbackRepository.refund(
                    cents: try columns["amount_cents"].decode(Int64?.self),
                    at: try columns["refunded_at_ms"].decode(Int64?.self)))
            let events = try PostgresRideRepository.events(
                try await transaction.query(PostgresRideRepository.eventsSQL(id)))
            return OpsRide(record: RideRecord(ride: ride, events: events, feedback: feedback), rider: rider)
        }
    }

    /// The ride's change (`ApplyRideChange`, as `PostgresRideRepository.apply`) and, only if it was made, its audit row,
    /// in one transaction.
    public func cancel(_ change: RideChange, audit: AuditEntry) async throws -> Ride? {
        try await database.transaction { transaction in
            guard let row = try await transaction.execute(ApplyRideChange(change)).first else {
                return nil
            }
            try await PostgresAuditLogRepository.append(audit, in: transaction)
            return try PostgresRideRepository.ride(from: row)
        }
    }

    public func refund(rideID: RideID, _ refund: RideRefund, receipt: OutgoingMail, audit: AuditEntry) async throws {
        do {
            try await database.transaction { transaction in
                let rows = try await transaction.query(
                    """
                    SELECT o.*, g.tip_cents, f.ride_id AS refunded_ride_id
                    FROM (\(unescaped: PostgresRideRepository.selectRides) WHERE r.id = \(rideID.rawValue) FOR UPDATE OF r)
                        AS o
                    LEFT JOIN ride_ratings AS g ON g.ride_id = o.id
                    LEFT JOIN ride_refunds AS f ON f.ride_id = o.id
                    """
                )
                let ride = try rows.first.map(PostgresRideRepository.ride(from:))
                let columns = rows.first?.makeRandomAccess()
                let tip = try columns?["tip_cents"].decode(Int?.self)
                let refunded = try columns?["refunded_ride_id"].decode(Int64?.self) != nil
                if let refusal = RefundRule.refusal(
                    ride: ride, tip: Cents(tip ?? 0), alreadyRefunded: refunded, amount: refund.amount)
                {
                    throw refusal
                }
                try await transaction.execute(
                    """
                    INSERT INTO ride_refunds (ride_id, amount_cents, refunded_at_ms)
                    VALUES (\(rideID.rawValue), \(Int64(refund.amount.value)), \
                    \(PostgresTime.milliseconds(refund.refundedAt)))
                    """
                )
                try await PostgresAuditLogRepository.append(audit, in: transaction)
                if let ride {
                    try await PostgresMailQueue.queue(
                        receipt, for: ride.userID, at: refund.refundedAt, onlyIfConfirmed: true, in: transaction)
                }
            }
        } catch let error as PSQLError where error.isUniqueViolation {
            throw OpsRideRepositoryError.alreadyRefunded
        }
    }
}
