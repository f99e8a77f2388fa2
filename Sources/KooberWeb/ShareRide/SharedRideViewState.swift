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

    init(sharedRide: SharedRide, token: RideShareToken, now: Date, mapTiles: MapTiles, _ words: Words) {
        let ride = sharedRide.record.ride
        let progress = ride.progress(at: now)
        let nickname = sharedRide.nickname
        title =
            if progress.status == .finding || ride.animalTitle(words) == nil {
                words("sharedRide.title", ["nickname": nickname])
            } else {
                words("sharedRide.titleWithAnimal", ["nickname": nickname, "animal": ride.animalTitle(words) ?? ""])
            }
        status = progress.status.rawValue
        headline = RideHeadline.headline(progress, ride: ride, words)
        eta = RideHeadline.eta(progress, words)
        from = words("sharedRide.pickup", ["nickname": nickname])
        to = ride.dropoff.name
        let pickupPin = MapPin(name: from, latitude: ride.pickup.latitude, longitude: ride.pickup.longitude)
        mapSVG = RouteMap.svg(
            pickup: pickupPin, dropoff: MapPin(ride.dropoff), animal: MapAnimal(ride, progress, words), tiles: mapTiles,
            words: words)
        pagePath = Route.sharePath(for: token)
        eventsPath = pagePath + "/events"
    }
}
