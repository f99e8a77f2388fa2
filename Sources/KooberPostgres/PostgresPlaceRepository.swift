import KooberKit
import PostgresNIO

/// The drop-off places in the `places` table, seeded by migration 1 (`SydneyPlaces`).
public struct PostgresPlaceRepository: PlaceRepository {
    private let database: PostgresDatabase

    public init(database: PostgresDatabase) {
        self.database = database
    }

    /// Every place, in id order (which is the seed's order).
    public func allPlaces() async throws -> [NamedLocation] {
        try await database.query("SELECT id, name, latitude, longitude FROM places ORDER BY id").map(Self.place(from:))
    }

    public func place(id: PlaceID) async throws -> NamedLocation? {
        try await database.query("SELECT id, name, latitude, longitude FROM places WHERE id = \(id.rawValue)")
            .first.map(Self.place(from:))
    }

    /// A place from a row with the columns `id, name, latitude, longitude`, in that order.
    static func place(from row: PostgresRow) throws -> NamedLocation {
        let (id, name, latitude, longitude) = try row.decode((Int64, String, Double, Double).self)
        return NamedLocation(id: PlaceID(id), name: name, location: Location(latitude: latitude, longitude: longitude))
    }
}
