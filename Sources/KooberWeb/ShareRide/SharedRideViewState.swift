import Foundation
import KooberKit
import KooberMap

/// A shared ride's public page (SPEC.md, "During the ride: Share Ride"): the rider's nickname with the animal, the
/// status headline and time as the rider sees them, the map with the pick-up, the drop-off and the animal, and the
/// names of the two places. Nothing else of the rider: this type holds nothing else.
struct SharedRideViewState: Sendable, Encodable {
    let title: String
    let status: String
    let headline: String
    let eta: String?
    let from: String
    let to: String
    let mapSVG: String
    /// The stream the page's script follows, and the page it fetches again at a change it cannot draw itself.
    let eventsPath: String
    let pagePath: String
    let isLive = true

    init(sharedRide: SharedRide, token: RideShareToken, now: Date, mapTiles: MapTiles) {
        let ride = sharedRide.record.ride
        let progress = ride.progress(at: now)
        let nickname = sharedRide.nickname
        title =
            if progress.status == .finding { "\(nickname)'s ride" } else {
                "\(nickname)'s ride\(ride.animalTitle.map { " with \($0)" } ?? "")"
            }
        status = progress.status.rawValue
        headline = RideHeadline.headline(progress, ride: ride)
        eta = RideHeadline.eta(progress)
        from = "\(nickname)'s pick-up"
        to = ride.dropoff.name
        let pickupPin = MapPin(name: from, latitude: ride.pickup.latitude, longitude: ride.pickup.longitude)
        mapSVG = RouteMap.svg(
            pickup: pickupPin, dropoff: MapPin(ride.dropoff), animal: MapAnimal(ride, progress), tiles: mapTiles)
        pagePath = Route.sharePath(for: token)
        eventsPath = pagePath + "/events"
    }
}
