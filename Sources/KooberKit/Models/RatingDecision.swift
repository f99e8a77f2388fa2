import Foundation

/// What a rating sent to storage does to the ride's stored rating and its animal's total, worked out from the rating
/// stored (read in the writing transaction): every store applies this one rule (`RideFeedbackRepository.rate`).
public struct RatingDecision: Equatable, Sendable {
    public let outcome: RatingOutcome
    /// What the animal's `rating_sum` moves by: the stars of a first rating, the difference of a change.
    public let starsDelta: Int
    /// What the animal's `rating_count` moves by: 1 for a first rating, 0 for a change.
    public let countDelta: Int
    /// Whether this rating gives the ride's tip (and queues the receipt with the total).
    public let tipGiven: Bool

    public init(existing: RideRating?, _ submission: RatingSubmission, at time: Date, changeableSince: Date) {
        guard let existing else {
            outcome = .saved(
                RideRating(
                    stars: submission.stars, compliments: submission.compliments, tip: submission.tip,
                    firstRatedAt: time))
            starsDelta = submission.stars.value
            countDelta = 1
            tipGiven = submission.tip != nil
            return
        }
        starsDelta = submission.stars.value - existing.stars.value
        countDelta = 0
        if existing.firstRatedAt < changeableSince {
            outcome = .changeWindowClosed
            tipGiven = false
        } else if submission.tip != nil, existing.tip != nil {
            outcome = .tipAlreadyGiven
            tipGiven = false
        } else {
            outcome = .saved(
                RideRating(
                    stars: submission.stars, compliments: submission.compliments, tip: existing.tip ?? submission.tip,
                    firstRatedAt: existing.firstRatedAt))
            tipGiven = submission.tip != nil
        }
    }
}

extension RideRating {
    /// A rating as storage keeps it; `nil` for values no store would have written (stars outside 1 to 5, a tip outside
    /// A$0.50 to A$50.00).
    public init?(storedStars: Int, complimentBits: Int, tipCents: Int?, firstRatedAt: Date) {
        guard let stars = Stars(storedStars) else { return nil }
        var tip: TipAmount?
        if let tipCents {
            guard let amount = TipAmount(cents: tipCents) else { return nil }
            tip = amount
        }
        self.init(
            stars: stars, compliments: Compliment.set(fromBits: complimentBits), tip: tip, firstRatedAt: firstRatedAt)
    }
}
