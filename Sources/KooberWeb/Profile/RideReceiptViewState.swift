import Foundation
import KooberKit
import KooberMap

/// A ride's receipt page (`/rides/<id>`): the route on the map, where from and to, the option and the animal, its
/// status, and the receipt (fare, distance, duration, and when each step happened).
struct RideReceiptViewState: Sendable, Encodable {
    let mapSVG: String
    let from = "Your location"
    let to: String
    let rideOption: String
    let animal: String?
    let status: String
    let receipt: RideReceipt
    let profilePath = Route.profile.path

    init(record: RideRecord, mapTiles: MapTiles) {
        let ride = record.ride
        let pickup = MapPin(name: from, latitude: ride.pickup.latitude, longitude: ride.pickup.longitude)
        mapSVG = RouteMap.svg(pickup: pickup, dropoff: MapPin(ride.dropoff), tiles: mapTiles)
        to = ride.dropoff.name
        rideOption = ride.rideOptionName
        animal = ride.animalTitle
        status = ride.status.historyLabel
        receipt = RideReceipt(record)
    }
}
