/// Where a rider is in asking for a ride: what the pick-me-up screen shows.
public enum RideState: Equatable, Sendable {
    /// Step 1: no drop-off yet.
    case choosingDropoff
    /// Step 2: a drop-off is chosen; the rider picks a ride option.
    case choosingRideOption(dropoff: NamedLocation)
    /// Step 3: a ride the rider follows: in progress, or ended and not yet left with Start New Ride.
    case following(Ride)

    /// The step storage puts the rider at: the ride followed comes first, then a chosen drop-off.
    public init(followedRide: Ride?, chosenDropoff: NamedLocation?) {
        if let ride = followedRide {
            self = .following(ride)
        } else if let dropoff = chosenDropoff {
            self = .choosingRideOption(dropoff: dropoff)
        } else {
            self = .choosingDropoff
        }
    }
}
