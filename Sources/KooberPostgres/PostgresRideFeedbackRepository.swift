import Foundation
import KooberKit
import PostgresNIO

/// Ratings (`ride_ratings`) and problem reports (`ride_reports`), one of each per ride, gone with the ride; and each
/// animal's running total of stars (`animals.rating_sum`, `rating_count`).
///
/// A rating locks its ride's row first (`FOR UPDATE`; a finished ride's row is otherwise never written, so this
/// waits for nothing but another rating of the same ride): two ratings of one ride sent at once, from two processes,
/// take turns, the second reads what the first stored, so the tip is given once and the animal's total moves by each
/// change's own difference.
public struct PostgresRideFeedbackRepository: RideFeedbackRepository {
    private let database: PostgresDatabase

    public init(database: PostgresDatabase) {
        self.database = database
    }

    public func feedback(rideID: RideID) async throws -> RideFeedback {
        let rows = try await database.query(
            """
            SELECT g.stars, g.compliments, g.tip_cents, g.first_rated_at_ms, p.category, p.text, p.reported_at_ms,
                   f.amount_cents, f.refunded_at_ms
            FROM (SELECT \(rideID.rawValue)::BIGINT AS ride_id) AS r
            LEFT JOIN ride_ratings AS g ON g.ride_id = r.ride_id
            LEFT JOIN ride_reports AS p ON p.ride_id = r.ride_id
            LEFT JOIN ride_refunds AS f ON f.ride_id = r.ride_id
            """
        )
        guard let row = rows.first else { return RideFeedback() }
        let (stars, compliments, tipCents, firstRatedAt, category, text, reportedAt, refundCents, refundedAt) =
            try row.decode((Int?, Int?, Int?, Int64?, String?, String?, Int64?, Int64?, Int64?).self)
        var report: ProblemReport?
        if let category, let text, let reportedAt {
            guard let problemCategory = ProblemCategory(rawValue: category) else {
                throw PostgresStoreError.invalidValue("\(category) is not a problem category")
            }
            report = ProblemReport(
                category: problemCategory, text: text, reportedAt: PostgresTime.date(milliseconds: reportedAt))
        }
        // Replies only answer a report: a ride without one costs no read for them.
        return RideFeedback(
            rating: try Self.rating(stars: stars, compliments: compliments, tipCents: tipCents, at: firstRatedAt),
            report: report, refund: Self.refund(cents: refundCents, at: refundedAt),
            replies: try await report == nil ? [] : PostgresReportRepository.replies(rideID: rideID, in: database))
    }

    /// Koober Ops' refund of a ride from its columns (`ride_refunds`), if it has one.
    static func refund(cents: Int64?, at refundedAt: Int64?) -> RideRefund? {
        guard let cents, let refundedAt else { return nil }
        return RideRefund(amount: Cents(Int(cents)), refundedAt: PostgresTime.date(milliseconds: refundedAt))
    }

    static func rating(stars: Int?, compliments: Int?, tipCents: Int?, at firstRatedAt: Int64?) throws
        -> RideRating?
    {
        guard let stars, let compliments, let firstRatedAt else { return nil }
        guard
            let rating = RideRating(
                storedStars: stars, complimentBits: compliments, tipCents: tipCents,
                firstRatedAt: PostgresTime.date(milliseconds: firstRatedAt))
        else { throw PostgresStoreError.invalidValue("\(stars) stars, \(tipCents ?? 0) cents is not a rating") }
        return rating
    }

    public func rate(
        rideID: RideID, animalID: AnimalID, _ submission: RatingSubmission, at time: Date, changeableSince: Date,
        receipt: OutgoingMail
    ) async throws -> RatingOutcome {
        try await database.transaction { transaction in
            let ride = try await transaction.query(
                "SELECT user_id FROM rides WHERE id = \(rideID.rawValue) FOR UPDATE")
            guard let userID = try ride.first.map({ UserID(try $0.decode(Int64.self)) }) else {
                return .rideGone
            }
            let stored = try await transaction.query(
                """
                SELECT stars, compliments, tip_cents, first_rated_at_ms FROM ride_ratings
                WHERE ride_id = \(rideID.rawValue)
                """
            )
            let existing = try stored.first.flatMap { row in
                let (stars, compliments, tipCents, firstRatedAt) = try row.decode((Int, Int, Int?, Int64).self)
                return try Self.rating(stars: stars, compliments: compliments, tipCents: tipCents, at: firstRatedAt)
            }
            let decision = RatingDecision(existing: existing, submission, at: time, changeableSince: changeableSince)
            guard case .saved(let rating) = decision.outcome else { return decision.outcome }
            try await transaction.execute(
                """
                INSERT INTO ride_ratings (ride_id, stars, compliments, tip_cents, first_rated_at_ms, rated_at_ms)
                VALUES (\(rideID.rawValue), \(rating.stars.value), \(Compliment.bits(of: rating.compliments)), \
                \(rating.tip?.cents.value)::INTEGER, \(PostgresTime.milliseconds(rating.firstRatedAt)), \
                \(PostgresTime.milliseconds(time)))
                ON CONFLICT (ride_id) DO UPDATE SET
                    stars = excluded.stars, compliments = excluded.compliments,
                    tip_cents = coalesce(ride_ratings.tip_cents, excluded.tip_cents), rated_at_ms = excluded.rated_at_ms
                """
            )
            try await transaction.execute(
                """
                UPDATE animals SET rating_sum = rating_sum + \(decision.starsDelta),
                    rating_count = rating_count + \(decision.countDelta)
                WHERE id = \(animalID.rawValue)
                """
            )
            if decision.tipGiven {
                try await PostgresMailQueue.queue(
                    receipt, for: userID, at: time, onlyIfConfirmed: true, in: transaction)
            }
            return decision.outcome
        }
    }

    public func report(rideID: RideID, _ report: ProblemReport) async throws -> Bool {
        try await !database.query(
            """
            INSERT INTO ride_reports (ride_id, category, text, reported_at_ms)
            SELECT id, \(report.category.rawValue), \(report.text), \(PostgresTime.milliseconds(report.reportedAt))
            FROM rides WHERE id = \(rideID.rawValue)
            ON CONFLICT (ride_id) DO NOTHING
            RETURNING ride_id
            """
        ).isEmpty
    }

    public func animalRating(animalID: AnimalID) async throws -> AnimalRating {
        try await database.query(
            "SELECT rating_sum, rating_count FROM animals WHERE id = \(animalID.rawValue)"
        )
        .first.map { row in
            let (sum, count) = try row.decode((Int, Int).self)
            return AnimalRating(starsSum: sum, count: count)
        } ?? .none
    }
}
