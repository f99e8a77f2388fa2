import Foundation

/// Where riders' ratings, tips and problem reports are kept, one of each per ride, and each animal's running total of
/// stars (`AnimalRating`). Every store answers the same (`RideFeedbackRepositoryContractTests`): the rating and the
/// animal's total change together, in one transaction, and two ratings of one ride sent at once are applied one after
/// the other, so a tip is never given twice and the total moves by each change's own difference.
public protocol RideFeedbackRepository: Sendable {
    /// The rating and report of a ride (empty for a ride without them, or none).
    func feedback(rideID: RideID) async throws -> RideFeedback
    /// Stores the ride's first rating, or changes its stars and compliments if it was first rated after
    /// `changeableSince`; gives the tip if the submission has one and none was given; and moves `animalID`'s total by
    /// the stars added or changed. When a tip is given it queues `receipt` in the same transaction, if the rider's
    /// email is confirmed (the receipt with the total). Nothing is written unless the outcome is `.saved`.
    func rate(
        rideID: RideID, animalID: AnimalID, _ submission: RatingSubmission, at time: Date, changeableSince: Date,
        receipt: OutgoingMail
    ) async throws -> RatingOutcome
    /// Stores the ride's report; `false` (and nothing written) when it already has one, or when the ride is gone (its
    /// rider deleted the account meanwhile: never a broken foreign key).
    func report(rideID: RideID, _ report: ProblemReport) async throws -> Bool
    /// An animal's running total (`.none` for an animal without ratings, or unknown).
    func animalRating(animalID: AnimalID) async throws -> AnimalRating
}

/// What became of a rating sent to storage.
public enum RatingOutcome: Equatable, Sendable {
    case saved(RideRating)
    /// The ride was first rated before the change window: nothing changed.
    case changeWindowClosed
    /// The submission gives a tip, and the ride already has one: nothing changed.
    case tipAlreadyGiven
    /// The ride is gone (its rider deleted meanwhile): nothing stored.
    case rideGone
}
