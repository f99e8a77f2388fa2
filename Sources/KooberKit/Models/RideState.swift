/// Where a rider is in asking for a ride: what the pick-me-up screen shows.
public enum RideState: Equatable, Sendable {
    /// Step 1: no drop-off yet.
    case choosingDropoff
    /// Step 2: a drop-off is chosen; the rider picks a ride option.
    case choosingRideOption(dropoff: NamedLocation)
    /// Step 3: the ride is requested and on its way.
    case waitingForPickup(Ride)

    /// The step storage puts the rider at: a ride in progress comes first, then a chosen drop-off.
    public init(rideInProgress: Ride?, chosenDropoff: NamedLocation?) {
        if let ride = rideInProgress {
            self = .waitingForPickup(ride)
        } else if let dropoff = chosenDropoff {
            self = .choosingRideOption(dropoff: dropoff)
        } else {
            self = .choosingDropoff
        }
    }
}
