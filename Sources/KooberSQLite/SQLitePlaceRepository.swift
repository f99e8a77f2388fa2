import KooberKit

/// The drop-off places in the `places` table, seeded by migration 2 (`SydneyPlaces`).
public struct SQLitePlaceRepository: PlaceRepository {
    private let database: SQLiteDatabase

    public init(database: SQLiteDatabase) {
        self.database = database
    }

    /// Every place, in id order (which is the seed's order).
    public func allPlaces() async throws -> [NamedLocation] {
        try await database.read { connection in
            try connection.query("SELECT id, name, latitude, longitude FROM places ORDER BY id")
                .map(Self.place(from:))
        }
    }

    public func place(id: PlaceID) async throws -> NamedLocation? {
        try await database.read { connection in
            try Self.place(id: id, on: connection)
        }
    }

    /// The place with `id` as `connection` sees it, for use inside another repository's transaction.
    static func place(id: PlaceID, on connection: SQLiteConnection) throws -> NamedLocation? {
        let rows = try connection.query(
            "SELECT id, name, latitude, longitude FROM places WHERE id = ?",
            [.integer(id.rawValue)]
        )
        return try rows.first.map(place(from:))
    }

    /// A place from a row with the columns `id, name, latitude, longitude`.
    static func place(from row: SQLiteRow) throws -> NamedLocation {
        NamedLocation(
            id: PlaceID(try row.int64("id")),
            name: try row.string("name"),
            location: Location(latitude: try row.double("latitude"), longitude: try row.double("longitude"))
        )
    }
}
