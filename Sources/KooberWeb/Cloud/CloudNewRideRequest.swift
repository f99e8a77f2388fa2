/// `POST /ride`'s body, `NewRideRequest` of the book's app:
/// `{"waypoints": {"pickupLocation": Location, "dropoffLocation": Location}, "rideOptionID"}`.
struct CloudNewRideRequest: Decodable, Sendable {
    struct Waypoints: Decodable, Sendable {
        let pickupLocation: CloudLocation
        let dropoffLocation: CloudLocation

        enum CodingKeys: String, CodingKey, CaseIterable {
            case pickupLocation, dropoffLocation
        }

        init(from decoder: any Decoder) throws {
            try decoder.refuseUnknownKeys(CodingKeys.self)
            let values = try decoder.container(keyedBy: CodingKeys.self)
            pickupLocation = try values.decode(CloudLocation.self, forKey: .pickupLocation)
            dropoffLocation = try values.decode(CloudLocation.self, forKey: .dropoffLocation)
        }
    }

    let waypoints: Waypoints
    let rideOptionID: String

    enum CodingKeys: String, CodingKey, CaseIterable {
        case waypoints, rideOptionID
    }

    init(from decoder: any Decoder) throws {
        try decoder.refuseUnknownKeys(CodingKeys.self)
        let values = try decoder.container(keyedBy: CodingKeys.self)
        waypoints = try values.decode(Waypoints.self, forKey: .waypoints)
        rideOptionID = try values.decode(String.self, forKey: .rideOptionID)
    }
}
