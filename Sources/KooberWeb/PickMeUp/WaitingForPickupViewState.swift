import KooberKit

/// Step 3: the ride is on its way; its details and the way to start again.
struct WaitingForPickupViewState: Sendable, Encodable {
    let from = "Your location"
    let to: String
    let rideOption: String
    let fare: String
    let startNewRideAction = Route.startNewRide.path

    init(ride: Ride) {
        to = ride.dropoff.name
        rideOption = RideOption.withID(ride.rideOptionID)?.name ?? ride.rideOptionID
        fare = Fare.format(cents: ride.fareCents)
    }
}
