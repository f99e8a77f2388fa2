/// What a rider said about a ride after it: the rating (with its tip) and the problem report, each if given; and
/// Koober's replies to the report, oldest first (shown on the receipt under **Koober replied**).
public struct RideFeedback: Equatable, Sendable {
    public let rating: RideRating?
    public let report: ProblemReport?
    public let replies: [ReportReply]

    public init(rating: RideRating? = nil, report: ProblemReport? = nil, replies: [ReportReply] = []) {
        self.rating = rating
        self.report = report
        self.replies = replies
    }

    /// What the rider pays in all: the fare charged and the tip.
    public func totalCents(of ride: Ride) -> Cents {
        ride.chargedCents + (rating?.tip?.cents ?? .zero)
    }
}
