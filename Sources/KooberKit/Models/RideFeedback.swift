/// What a rider said about a ride after it: the rating (with its tip) and the problem report, each if given.
public struct RideFeedback: Equatable, Sendable {
    public let rating: RideRating?
    public let report: ProblemReport?

    public init(rating: RideRating? = nil, report: ProblemReport? = nil) {
        self.rating = rating
        self.report = report
    }

    /// What the rider pays in all: the fare charged and the tip.
    public func totalCents(of ride: Ride) -> Cents {
        ride.chargedCents + (rating?.tip?.cents ?? .zero)
    }
}
