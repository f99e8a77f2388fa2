import KooberKit

/// A saved place as Koober Cloud answers it: `{"label", "place": NamedLocation}`.
struct CloudSavedPlace: Encodable, Sendable {
    let label: String
    let place: CloudNamedLocation

    init(_ saved: SavedPlace) {
        label = saved.label.text
        place = CloudNamedLocation(saved.place)
    }
}

/// `PUT /api/v1/places/saved`'s body: `{"label", "placeID"}` (the place's id a string, as the app's locations have).
struct CloudSavePlaceRequest: Decodable, Sendable {
    let label: String
    let placeID: String

    enum CodingKeys: String, CodingKey, CaseIterable {
        case label, placeID
    }

    init(from decoder: any Decoder) throws {
        try decoder.refuseUnknownKeys(CodingKeys.self)
        let values = try decoder.container(keyedBy: CodingKeys.self)
        label = try values.decode(String.self, forKey: .label)
        placeID = try values.decode(String.self, forKey: .placeID)
    }
}

/// `PATCH /api/v1/places/saved/{label}`'s body: `{"label"}`, the new label.
struct CloudRenameSavedPlaceRequest: Decodable, Sendable {
    let label: String

    enum CodingKeys: String, CodingKey, CaseIterable {
        case label
    }

    init(from decoder: any Decoder) throws {
        try decoder.refuseUnknownKeys(CodingKeys.self)
        label = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .label)
    }
}
