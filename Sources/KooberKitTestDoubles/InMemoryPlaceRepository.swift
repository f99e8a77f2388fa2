import KooberKit

/// Drop-off places in memory, for fast tests of use cases: the places it was given, in the order given.
public actor InMemoryPlaceRepository: PlaceRepository {
    private let places: [NamedLocation]
    private let placesByID: [PlaceID: NamedLocation]

    /// - Parameter places: the places, each with its own id (KooberSQLite's seed, `SydneyPlaces.all`, fits).
    public init(places: [NamedLocation]) {
        self.places = places
        // A duplicate id is a mistake in the test that wrote it, as it would be a PRIMARY KEY violation in SQLite.
        self.placesByID = Dictionary(places.map { ($0.id, $0) }) { first, _ in
            preconditionFailure("two places with id \(first.id)")
        }
    }

    public func allPlaces() async throws -> [NamedLocation] {
        places
    }

    public func place(id: PlaceID) async throws -> NamedLocation? {
        placesByID[id]
    }
}
