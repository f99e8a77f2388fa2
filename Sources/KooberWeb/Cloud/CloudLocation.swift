import KooberKit

/// `Location` of the book's app: `{"id", "latitude", "longitude"}`, the id a string (a place's id, or whatever the
/// app calls its pick-up), the coordinates numbers.
struct CloudLocation: Codable, Sendable {
    let id: String
    let latitude: Double
    let longitude: Double

    init(id: String, _ location: Location) {
        self.id = id
        latitude = location.latitude
        longitude = location.longitude
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, latitude, longitude
    }

    init(from decoder: any Decoder) throws {
        try decoder.refuseUnknownKeys(CodingKeys.self)
        let values = try decoder.container(keyedBy: CodingKeys.self)
        id = try values.decode(String.self, forKey: .id)
        latitude = try values.decode(Double.self, forKey: .latitude)
        longitude = try values.decode(Double.self, forKey: .longitude)
    }

    /// The point, if it is one on Earth.
    var location: Location? {
        CloudCoordinates.location(latitude: latitude, longitude: longitude)
    }
}

/// `NamedLocation` of the book's app: `{"name", "location"}`, one of Koober's places.
struct CloudNamedLocation: Encodable, Sendable {
    let name: String
    let location: CloudLocation

    init(_ place: NamedLocation) {
        name = place.name
        location = CloudLocation(id: place.id.description, place.location)
    }
}

/// Coordinates a client sent, checked before they are used: finite, and on Earth.
enum CloudCoordinates {
    static func location(latitude: Double, longitude: Double) -> Location? {
        guard latitude.isFinite, longitude.isFinite, (-90...90).contains(latitude), (-180...180).contains(longitude)
        else { return nil }
        return Location(latitude: latitude, longitude: longitude)
    }
}
