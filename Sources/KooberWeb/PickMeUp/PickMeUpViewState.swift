import Foundation
import KooberKit

/// What the pick-me-up page shows, display-ready: exactly one of the three steps is set.
struct PickMeUpViewState: Sendable, Encodable {
    let csrfToken: String
    let greeting: String
    let profilePath = Route.profile.path
    let whereToPath = Route.dropoffPicker.path
    let error: ErrorMessage?
    /// The inline SVG map (markup we generate, every text in it escaped).
    let mapSVG: String
    let choosingDropoff: Bool
    let rideOptionPicker: RideOptionPickerViewState?
    let waitingForPickup: WaitingForPickupViewState?

    init(
        state: RideState, pickupLocation: Location, quotes: [RideQuote], riderNickname: String, csrfToken: String,
        error: ErrorMessage?
    ) {
        self.csrfToken = csrfToken
        greeting = "Hi, \(riderNickname)!"
        self.error = error
        let pickupPin = MapPin(
            name: "Your location", latitude: pickupLocation.latitude, longitude: pickupLocation.longitude)
        switch state {
        case .choosingDropoff:
            mapSVG = RouteMap.svg(pickup: pickupPin, dropoff: nil)
            choosingDropoff = true
            rideOptionPicker = nil
            waitingForPickup = nil
        case .choosingRideOption(let dropoff):
            mapSVG = RouteMap.svg(pickup: pickupPin, dropoff: MapPin(dropoff))
            choosingDropoff = false
            rideOptionPicker = RideOptionPickerViewState(dropoff: dropoff, quotes: quotes)
            waitingForPickup = nil
        case .waitingForPickup(let ride):
            mapSVG = RouteMap.svg(pickup: pickupPin, dropoff: MapPin(ride.dropoff))
            choosingDropoff = false
            rideOptionPicker = nil
            waitingForPickup = WaitingForPickupViewState(ride: ride)
        }
    }
}

extension MapPin {
    init(_ place: NamedLocation) {
        self.init(name: place.name, latitude: place.location.latitude, longitude: place.location.longitude)
    }
}
