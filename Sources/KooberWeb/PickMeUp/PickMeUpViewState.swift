import Foundation
import KooberKit
import KooberMap

/// What the pick-me-up page shows, display-ready: exactly one of the three steps is set.
struct PickMeUpViewState: Sendable, Encodable {
    let csrfToken: String
    let greeting: String
    let profilePath = Route.profile.path
    let whereToPath = Route.dropoffPicker.path
    let error: ErrorMessage?
    /// What the last action came to, when it is news (**Your Wallaroo is booked for …**).
    let notice: ErrorMessage?
    /// The inline SVG map (markup we generate, every text in it escaped).
    let mapSVG: String
    let choosingDropoff: Bool
    let rideOptionPicker: RideOptionPickerViewState?
    let followingRide: FollowingRideViewState?

    init(
        state: RideState, pickupLocation: Location, quotes: [RideQuote], availability: FleetAvailability?,
        record: RideRecord?, sharing: RideSharingViewState? = nil, now: Date, riderNickname: String,
        mapTiles: MapTiles, csrfToken: String, error: ErrorMessage?, notice: ErrorMessage? = nil,
        schedule: ScheduleFormViewState = ScheduleFormViewState(), _ words: Words
    ) {
        self.csrfToken = csrfToken
        greeting = words("ride.greeting", ["nickname": riderNickname])
        self.error = error
        self.notice = notice
        let pickupPin = MapPin(
            name: words("ride.yourLocation"), latitude: pickupLocation.latitude, longitude: pickupLocation.longitude)
        switch state {
        case .choosingDropoff:
            mapSVG = RouteMap.svg(pickup: pickupPin, dropoff: nil, tiles: mapTiles, words: words)
            choosingDropoff = true
            rideOptionPicker = nil
            followingRide = nil
        case .choosingRideOption(let dropoff):
            mapSVG = RouteMap.svg(pickup: pickupPin, dropoff: MapPin(dropoff), tiles: mapTiles, words: words)
            choosingDropoff = false
            rideOptionPicker = RideOptionPickerViewState(
                dropoff: dropoff, quotes: quotes, availability: availability, schedule: schedule, words)
            followingRide = nil
        case .following(let ride):
            let progress = ride.progress(at: now)
            mapSVG = RouteMap.svg(
                pickup: pickupPin, dropoff: MapPin(ride.dropoff), animal: MapAnimal(ride, progress, words),
                tiles: mapTiles, words: words)
            choosingDropoff = false
            rideOptionPicker = nil
            followingRide = FollowingRideViewState(
                record: record ?? RideRecord(ride: ride, events: []), progress: progress,
                animalRating: ride.assignment?.animalRating, now: now, sharing: sharing, words)
        }
    }
}

extension MapAnimal {
    /// The ride's animal while it has one and is not done: hopping to the pick-up, waiting there, or riding.
    init?(_ ride: Ride, _ progress: RideProgress, _ words: Words) {
        guard let assignment = ride.assignment, let title = ride.animalTitle(words), let position = progress.position
        else {
            return nil
        }
        self.init(
            name: assignment.animalName, title: title,
            rideOptionID: ride.rideOptionID,
            position: MapPin(name: assignment.animalName, latitude: position.latitude, longitude: position.longitude),
            framed: MapPin(
                name: assignment.animalName, latitude: assignment.start.latitude, longitude: assignment.start.longitude),
            imagePath: "/images/\(ride.rideOptionID).svg"
        )
    }
}

extension MapPin {
    init(_ place: NamedLocation) {
        self.init(name: place.name, latitude: place.location.latitude, longitude: place.location.longitude)
    }
}
