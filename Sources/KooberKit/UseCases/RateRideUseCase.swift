import Foundation
import Timekeeping

/// Rate Your Ride: the rider's own finished ride, within 7 days of its end, gets stars, compliments and perhaps a
/// tip; within 24 hours of the first rating the stars and compliments can change; a tip is given once and never
/// changed. Storage applies it in one transaction with the animal's running total (`RideFeedbackRepository.rate`),
/// and a tip queues a fresh receipt (with the total) there too.
public struct RateRideUseCase: Sendable {
    let target: FeedbackTarget

    public init(_ target: FeedbackTarget) {
        self.target = target
    }

    /// `stars` is `nil` when none was chosen; `compliments` are raw values (`Compliment`).
    public func run(stars: Int?, compliments: [String], tip: TipChoice) async throws -> RideRating {
        let ride = try await target.ride(allowed: RideFeedbackPolicy.canRate)
        guard let animalID = ride.assignment?.animalID else { throw RideFeedbackError.rideNotFound }
        let submission = try Self.submission(stars: stars, compliments: compliments, tip: tip)
        let now = target.now
        let outcome = try await target.feedbackRepository.rate(
            rideID: ride.id, animalID: animalID, submission, at: now,
            changeableSince: now - RideFeedbackPolicy.changeWindow, receipt: .receipt(of: ride.id))
        switch outcome {
        case .saved(let rating): return rating
        case .changeWindowClosed: throw RideFeedbackError.ratingClosed
        case .tipAlreadyGiven: throw RideFeedbackError.tipAlreadyGiven
        case .rideGone: throw RideFeedbackError.rideNotFound
        }
    }

    /// The submission checked field by field; every field's problem at once.
    static func submission(stars: Int?, compliments: [String], tip: TipChoice) throws -> RatingSubmission {
        var problems: [RideFeedbackField: FieldProblem] = [:]
        let checkedStars = stars.flatMap(Stars.init)
        if checkedStars == nil { problems[.stars] = stars == nil ? .missing : .notAChoice }
        let chosen = compliments.prefix(Compliment.allCases.count + 1).compactMap(Compliment.init(rawValue:))
        if chosen.count != compliments.count { problems[.compliments] = .notAChoice }
        let (amount, tipProblem) = tip.checked()
        if let tipProblem { problems[.tip] = tipProblem }
        guard problems.isEmpty, let checkedStars else { throw RideFeedbackError.invalid(problems) }
        return RatingSubmission(stars: checkedStars, compliments: Set(chosen), tip: amount)
    }
}
