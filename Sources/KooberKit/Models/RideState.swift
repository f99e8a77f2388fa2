/// Where a rider is in asking for a ride: what the pick-me-up screen shows.
public enum RideState: Equatable, Sendable {
    /// Step 1: no drop-off yet.
    case choosingDropoff
    /// Step 2: a drop-off is chosen; the rider picks a ride option.
    case choosingRideOption(dropoff: NamedLocation)
    /// Step 3: the ride is requested and on its way.
    case waitingForPickup(Ride)
}
