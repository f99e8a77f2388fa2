import Foundation
import KooberKit
import KooberMap

/// A ride's receipt page (`/rides/<id>`): the route on the map, where from and to, the option and the animal, its
/// status, and the receipt (fare, distance, duration, and when each step happened, then the rating, tip, total and
/// report); with Rate Your Ride while the ride can be rated, and Report a Problem while it can be reported.
struct RideReceiptViewState: Sendable, Encodable {
    let csrfToken: String
    let error: ErrorMessage?
    let mapSVG: String
    let from: String
    let to: String
    let rideOption: String
    let animal: String?
    let status: String
    let receipt: RideReceipt
    let ratingForm: RatingFormViewState?
    let reportPath: String?
    let profilePath = Route.profile.path
    let rideAgainAction: String

    init(
        record: RideRecord, mapTiles: MapTiles, now: Date, csrfToken: String, ratingForm: RatingFormViewState? = nil,
        error: ErrorMessage? = nil, _ words: Words
    ) {
        let ride = record.ride
        from = words("ride.yourLocation")
        self.csrfToken = csrfToken
        self.error = error
        let pickup = MapPin(name: from, latitude: ride.pickup.latitude, longitude: ride.pickup.longitude)
        mapSVG = RouteMap.svg(pickup: pickup, dropoff: MapPin(ride.dropoff), tiles: mapTiles, words: words)
        to = ride.dropoff.name
        rideAgainAction = Route.rideAgainPath(for: ride.id)
        rideOption = ride.rideOptionName
        animal = ride.animalTitle(words)
        status = ride.historyLabel(words)
        receipt = RideReceipt(record, words)
        self.ratingForm = ratingForm ?? RatingFormViewState(record: record, now: now, words)
        reportPath = RideReceipt.reportPath(record, now: now)
    }
}
