/// What a rider said about a ride after it: the rating (with its tip) and the problem report, each if given; and
/// Koober Ops' refund, if one was made (the receipt shows it beside the tip and the total), and Koober's replies to the
/// report, oldest first (shown on the receipt under **Koober replied**).
public struct RideFeedback: Equatable, Sendable {
    public let rating: RideRating?
    public let report: ProblemReport?
    public let refund: RideRefund?
    public let replies: [ReportReply]

    public init(
        rating: RideRating? = nil, report: ProblemReport? = nil, refund: RideRefund? = nil, replies: [ReportReply] = []
    ) {
        self.rating = rating
        self.report = report
        self.refund = refund
        self.replies = replies
    }

    /// What the rider pays in all: the fare charged and the tip, less a refund.
    public func totalCents(of ride: Ride) -> Cents {
        ride.chargedCents + (rating?.tip?.cents ?? .zero) - (refund?.amount ?? .zero)
    }
}
