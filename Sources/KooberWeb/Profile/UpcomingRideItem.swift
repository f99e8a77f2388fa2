import KooberKit

/// One of My Profile's Upcoming rides, display-ready: its pick-up time in Sydney, drop-off, option, fare and the
/// action of its **Cancel**.
struct UpcomingRideItem: Sendable, Encodable {
    let pickupTime: String
    let dropoff: String
    let rideOption: String
    let fare: String
    let cancelAction: String
    /// The id of its line on the page: its Cancel button is described by it ("Cancel", of which ride).
    let elementID: String

    init(_ ride: ScheduledRide, _ words: Words) {
        pickupTime = PickupTimeText.text(for: ride.pickupAt, in: words.language)
        dropoff = ride.dropoff.name
        rideOption = ride.rideOptionName
        fare = ride.fareCents.displayed
        cancelAction = Route.cancelScheduledRidePath(for: ride.id)
        elementID = "upcoming-ride-\(ride.id.rawValue)"
    }
}
