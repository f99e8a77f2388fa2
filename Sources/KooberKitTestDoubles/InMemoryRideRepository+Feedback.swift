import Foundation
import KooberKit

/// Ratings, tips and reports in memory, beside the rides they are of. Each call runs on the actor without suspending,
/// so a rating's read, its write and the animal's total are one step, as in a store's transaction.
extension InMemoryRideRepository: RideFeedbackRepository {
    public func feedback(rideID: RideID) async throws -> RideFeedback {
        let stored = feedbackByRide[rideID] ?? RideFeedback()
        return RideFeedback(
            rating: stored.rating, report: stored.report, refund: stored.refund, replies: reportReplies[rideID] ?? [])
    }

    public func rate(
        rideID: RideID, animalID: AnimalID, _ submission: RatingSubmission, at time: Date, changeableSince: Date,
        receipt: OutgoingMail
    ) async throws -> RatingOutcome {
        guard let ride = try await ride(id: rideID) else { return .rideGone }
        let stored = feedbackByRide[rideID] ?? RideFeedback()
        let decision = RatingDecision(
            existing: stored.rating, submission, at: time, changeableSince: changeableSince)
        guard case .saved(let rating) = decision.outcome else { return decision.outcome }
        feedbackByRide[rideID] = RideFeedback(rating: rating, report: stored.report, refund: stored.refund)
        let total = animalRatings[animalID] ?? .none
        animalRatings[animalID] = AnimalRating(
            starsSum: total.starsSum + decision.starsDelta, count: total.count + decision.countDelta)
        if decision.tipGiven { mail.queueIfConfirmed(receipt, for: ride.userID, at: time) }
        return decision.outcome
    }

    public func report(rideID: RideID, _ report: ProblemReport) async throws -> Bool {
        guard try await ride(id: rideID) != nil else { return false }
        let stored = feedbackByRide[rideID] ?? RideFeedback()
        guard stored.report == nil else { return false }
        feedbackByRide[rideID] = RideFeedback(rating: stored.rating, report: report, refund: stored.refund)
        return true
    }

    public func animalRating(animalID: AnimalID) async throws -> AnimalRating {
        animalRatings[animalID] ?? .none
    }
}
