import Foundation
import KooberKit

/// A scheduled ride as Koober Cloud answers it: `{"id", "pickupAt", "pickupDate", "pickupTime", "pickupShown",
/// "dropoff": {"id", "name", "latitude", "longitude"}, "rideOptionID", "rideOption", "fareCents", "status"}`;
/// `pickupAt` is the instant (ISO 8601, UTC), `pickupDate`/`pickupTime` and `pickupShown` Sydney's wall clock.
struct CloudScheduledRide: Encodable, Sendable {
    struct Place: Encodable, Sendable {
        let id: String
        let name: String
        let latitude: Double
        let longitude: Double
    }

    let id: Int64
    let pickupAt: String
    let pickupDate: String
    let pickupTime: String
    let pickupShown: String
    let dropoff: Place
    let rideOptionID: String
    let rideOption: String
    let fareCents: Int
    let status: String

    init(_ ride: ScheduledRide) {
        id = ride.id.rawValue
        pickupAt = ride.pickupAt.formatted(.iso8601)
        let wall = SydneyTime.wallTime(at: ride.pickupAt)
        pickupDate = wall.dateField
        pickupTime = wall.timeField
        pickupShown = PickupTimeText.text(for: ride.pickupAt)
        dropoff = Place(
            id: String(ride.dropoff.id.rawValue), name: ride.dropoff.name, latitude: ride.dropoff.location.latitude,
            longitude: ride.dropoff.location.longitude)
        rideOptionID = ride.rideOptionID
        rideOption = ride.rideOptionName
        fareCents = ride.fareCents.value
        status = ride.status.storedName
    }
}

/// `POST /api/v1/rides/scheduled`'s body: `POST /ride`'s (`{"waypoints", "rideOptionID"}`) with the Pick-up time as
/// the page takes it, `"pickupDate": "2026-11-28"` and `"pickupTime": "09:30"` in Sydney's time (the same reading,
/// the same refusals: a time the clocks skip is a 422, one that happens twice is the first).
struct CloudScheduleRideRequest: Decodable, Sendable {
    let waypoints: CloudNewRideRequest.Waypoints
    let rideOptionID: String
    let pickupDate: String
    let pickupTime: String

    enum CodingKeys: String, CodingKey, CaseIterable {
        case waypoints, rideOptionID, pickupDate, pickupTime
    }

    init(from decoder: any Decoder) throws {
        try decoder.refuseUnknownKeys(CodingKeys.self)
        let values = try decoder.container(keyedBy: CodingKeys.self)
        waypoints = try values.decode(CloudNewRideRequest.Waypoints.self, forKey: .waypoints)
        rideOptionID = try values.decode(String.self, forKey: .rideOptionID)
        pickupDate = try values.decode(String.self, forKey: .pickupDate)
        pickupTime = try values.decode(String.self, forKey: .pickupTime)
    }
}
