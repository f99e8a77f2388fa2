/// A ride with its stored history: what a receipt and a stream show.
public struct RideRecord: Equatable, Sendable {
    public let ride: Ride
    public let events: [RideEvent]
    /// The rider's rating, tip and report, where the reader asked for them (a receipt, a finished ride's page, the
    /// receipt mail); empty otherwise.
    public let feedback: RideFeedback

    public init(ride: Ride, events: [RideEvent], feedback: RideFeedback = RideFeedback()) {
        self.ride = ride
        self.events = events
        self.feedback = feedback
    }

    /// When the ride reached `status`, if it did.
    public func time(of status: RideStatus) -> RideEvent? {
        events.first { $0.status == status }
    }
}
