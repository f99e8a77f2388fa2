/// A ride with its stored history: what a receipt and a stream show.
public struct RideRecord: Equatable, Sendable {
    public let ride: Ride
    public let events: [RideEvent]

    public init(ride: Ride, events: [RideEvent]) {
        self.ride = ride
        self.events = events
    }

    /// When the ride reached `status`, if it did.
    public func time(of status: RideStatus) -> RideEvent? {
        events.first { $0.status == status }
    }
}
