import Foundation
import KooberKit

/// Ratings (`ride_ratings`) and problem reports (`ride_reports`), one of each per ride, gone with the ride (a receipt
/// reads Koober Ops' refund with them, `ride_refunds`); and each
/// animal's running total of stars (`animals.rating_sum`, `rating_count`). SQLite has one writer at a time, so a
/// rating's read, its write and the animal's total are one step: two ratings of one ride sent at once are applied
/// one after the other, and the second sees the first.
public struct SQLiteRideFeedbackRepository: RideFeedbackRepository {
    private let database: SQLiteDatabase

    public init(database: SQLiteDatabase) {
        self.database = database
    }

    public func feedback(rideID: RideID) async throws -> RideFeedback {
        try await database.read { connection in
            let report = try connection.query(
                "SELECT category, text, reported_at_ms FROM ride_reports WHERE ride_id = ?",
                [.integer(rideID.rawValue)]
            )
            .first.map { row in
                let category = try row.string("category")
                guard let problemCategory = ProblemCategory(rawValue: category) else {
                    throw SQLiteError.typeMismatch(column: "category", expected: "a category", found: .text(category))
                }
                return ProblemReport(
                    category: problemCategory, text: try row.string("text"),
                    reportedAt: try row.millisecondsDate("reported_at_ms"))
            }
            // Replies only answer a report: a ride without one costs no read for them.
            return RideFeedback(
                rating: try Self.rating(rideID: rideID, on: connection), report: report,
                refund: try Self.refund(rideID: rideID, on: connection),
                replies: try report == nil ? [] : SQLiteReportRepository.replies(rideID: rideID, on: connection))
        }
    }

    /// Koober Ops' refund of the ride (`ride_refunds`), if any.
    static func refund(rideID: RideID, on connection: SQLiteConnection) throws -> RideRefund? {
        try connection.query(
            "SELECT amount_cents, refunded_at_ms FROM ride_refunds WHERE ride_id = ?", [.integer(rideID.rawValue)]
        )
        .first.map { row in
            RideRefund(
                amount: Cents(try row.int("amount_cents")), refundedAt: try row.millisecondsDate("refunded_at_ms"))
        }
    }

    static func rating(rideID: RideID, on connection: SQLiteConnection) throws -> RideRating? {
        try connection.query(
            "SELECT stars, compliments, tip_cents, first_rated_at_ms FROM ride_ratings WHERE ride_id = ?",
            [.integer(rideID.rawValue)]
        )
        .first.map { row in
            guard
                let rating = RideRating(
                    storedStars: try row.int("stars"), complimentBits: try row.int("compliments"),
                    tipCents: try row.optional("tip_cents", row.int),
                    firstRatedAt: try row.millisecondsDate("first_rated_at_ms"))
            else { throw SQLiteError.typeMismatch(column: "stars", expected: "a rating", found: .null) }
            return rating
        }
    }

    public func rate(
        rideID: RideID, animalID: AnimalID, _ submission: RatingSubmission, at time: Date, changeableSince: Date,
        receipt: OutgoingMail
    ) async throws -> RatingOutcome {
        try await database.write { connection in
            guard try !connection.query("SELECT 1 FROM rides WHERE id = ?", [.integer(rideID.rawValue)]).isEmpty else {
                return .rideGone
            }
            let decision = RatingDecision(
                existing: try Self.rating(rideID: rideID, on: connection), submission, at: time,
                changeableSince: changeableSince)
            guard case .saved(let rating) = decision.outcome else { return decision.outcome }
            try connection.execute(
                """
                INSERT INTO ride_ratings (ride_id, stars, compliments, tip_cents, first_rated_at_ms, rated_at_ms)
                VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT (ride_id) DO UPDATE SET
                    stars = excluded.stars, compliments = excluded.compliments,
                    tip_cents = coalesce(ride_ratings.tip_cents, excluded.tip_cents), rated_at_ms = excluded.rated_at_ms
                """,
                [
                    .integer(rideID.rawValue), .integer(Int64(rating.stars.value)),
                    .integer(Int64(Compliment.bits(of: rating.compliments))),
                    rating.tip.map { .integer(Int64($0.cents.value)) } ?? .null, .unixMilliseconds(rating.firstRatedAt),
                    .unixMilliseconds(time),
                ]
            )
            try connection.execute(
                "UPDATE animals SET rating_sum = rating_sum + ?, rating_count = rating_count + ? WHERE id = ?",
                [
                    .integer(Int64(decision.starsDelta)), .integer(Int64(decision.countDelta)),
                    .integer(animalID.rawValue),
                ]
            )
            if decision.tipGiven {
                try SQLiteAccountLinkRepository.queueIfConfirmed(
                    receipt, for: .riderOf(rideID), at: time, on: connection)
            }
            return decision.outcome
        }
    }

    public func report(rideID: RideID, _ report: ProblemReport) async throws -> Bool {
        try await database.write { connection in
            try connection.execute(
                """
                INSERT INTO ride_reports (ride_id, category, text, reported_at_ms)
                SELECT id, ?, ?, ? FROM rides WHERE id = ?
                ON CONFLICT (ride_id) DO NOTHING
                """,
                [
                    .text(report.category.rawValue), .text(report.text), .unixMilliseconds(report.reportedAt),
                    .integer(rideID.rawValue),
                ]
            ) == 1
        }
    }

    public func animalRating(animalID: AnimalID) async throws -> AnimalRating {
        try await database.read { connection in try Self.animalRating(animalID: animalID, on: connection) }
    }

    static func animalRating(animalID: AnimalID, on connection: SQLiteConnection) throws -> AnimalRating {
        try connection.query(
            "SELECT rating_sum, rating_count FROM animals WHERE id = ?", [.integer(animalID.rawValue)]
        )
        .first.map { AnimalRating(starsSum: try $0.int("rating_sum"), count: try $0.int("rating_count")) } ?? .none
    }
}
