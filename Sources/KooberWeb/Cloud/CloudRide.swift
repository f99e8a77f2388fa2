import Foundation
import KooberKit

/// A ride as `GET /api/v1/rides/current` (live) and `GET /api/v1/rides` (history) tell it: what `/ride/events` says of
/// it (`status`, `headline`, `eta`, `eta_seconds` and `position`, `null` where they do not apply), with its details in the
/// book's style (`rideOptionID`, `pickupLocation`, `dropoffLocation`), when it was requested, its fare (what it
/// charges: nothing once cancelled), and its animal once it has one.
struct CloudRide: Encodable, Sendable {
    let id: String
    let status: String
    let headline: String
    let eta: String?
    let etaSeconds: Int?
    let position: RideEventMessage.Position?
    let rideOptionID: String
    let pickupLocation: CloudLocation
    let dropoffLocation: CloudNamedLocation
    let requestedAt: String
    let fare: String
    let animal: String?

    /// The ride as it is at `time` (an ended ride is as it ended, whatever the time).
    init(_ ride: Ride, at time: Date, _ words: Words) {
        let message = RideEventMessage(ride.progress(at: time), ride: ride, words)
        id = ride.id.description
        status = message.status
        headline = message.headline
        eta = message.eta
        etaSeconds = message.etaSeconds
        position = message.position
        rideOptionID = ride.rideOptionID
        pickupLocation = CloudLocation(id: "pickup", ride.pickup)
        dropoffLocation = CloudNamedLocation(ride.dropoff)
        requestedAt = ride.requestedAt.formatted(.iso8601)
        fare = ride.chargedCents.displayed
        animal = ride.animalTitle(words)
    }

    enum CodingKeys: String, CodingKey {
        case id, status, headline, eta, position, rideOptionID, pickupLocation, dropoffLocation, requestedAt, fare,
            animal
        case etaSeconds = "eta_seconds"
    }

    /// Written out so that a value that does not apply is `null`, as in the stream, not left out.
    func encode(to encoder: any Encoder) throws {
        var values = encoder.container(keyedBy: CodingKeys.self)
        try values.encode(id, forKey: .id)
        try values.encode(status, forKey: .status)
        try values.encode(headline, forKey: .headline)
        try values.encode(eta, forKey: .eta)
        try values.encode(etaSeconds, forKey: .etaSeconds)
        try values.encode(position, forKey: .position)
        try values.encode(rideOptionID, forKey: .rideOptionID)
        try values.encode(pickupLocation, forKey: .pickupLocation)
        try values.encode(dropoffLocation, forKey: .dropoffLocation)
        try values.encode(requestedAt, forKey: .requestedAt)
        try values.encode(fare, forKey: .fare)
        try values.encode(animal, forKey: .animal)
    }
}

/// A page of the rider's history, newest first: `next` is the cursor of the page after it (`?before=`), `null` on
/// the last.
struct CloudRideHistoryPage: Encodable, Sendable {
    let rides: [CloudRide]
    let next: String?

    /// `now` brings a ride still in progress up to the clock, as the live ride is.
    init(_ page: RideHistoryPage, now: Date, _ words: Words) {
        rides = page.rides.map { CloudRide($0, at: now, words) }
        next = page.older?.text
    }

    enum CodingKeys: String, CodingKey {
        case rides, next
    }

    func encode(to encoder: any Encoder) throws {
        var values = encoder.container(keyedBy: CodingKeys.self)
        try values.encode(rides, forKey: .rides)
        try values.encode(next, forKey: .next)
    }
}
