import KooberKit
import PostgresNIO

/// Koober's animals (`animals`): seeded at start-up for the fleet size the process runs with. Each row keeps the key
/// of the `FleetGrid` cell it stands in (`cell`), written with its position, indexed with its option
/// (`animals_by_cell`), as `SQLiteFleetRepository` does.
public struct PostgresFleetRepository: FleetRepository {
    private let database: PostgresDatabase

    public init(database: PostgresDatabase) {
        self.database = database
    }

    /// Adds the members not stored yet (`ON CONFLICT DO NOTHING` on option and number, so processes starting together
    /// seed each animal once), puts exactly `members` in service (`FleetInService`), and gives the animals stored
    /// before their cells were kept (migration 21) their cells.
    public func provide(_ members: [FleetMember]) async throws {
        try await database.transaction { transaction in
            // One statement for the whole fleet (up to 30,000 animals), in the order given, so that ids follow it.
            try await transaction.execute(
                """
                INSERT INTO animals (ride_option_id, number, name, latitude, longitude, cell)
                SELECT m.ride_option_id, m.number, m.name, m.latitude, m.longitude, m.cell FROM unnest(
                    \(members.map(\.rideOptionID))::text[], \(members.map { Int32(clamping: $0.number) })::integer[],
                    \(members.map(\.name))::text[], \(members.map(\.restingPlace.latitude))::float8[],
                    \(members.map(\.restingPlace.longitude))::float8[],
                    \(members.map { FleetGrid.cell(of: $0.restingPlace) })::bigint[]
                ) WITH ORDINALITY AS m (ride_option_id, number, name, latitude, longitude, cell, position)
                ORDER BY position
                ON CONFLICT (ride_option_id, number) DO NOTHING
                """
            )
            for limit in FleetInService(members).limits {
                try await transaction.execute(
                    """
                    UPDATE animals SET in_service = (number <= \(limit.highestNumber))
                    WHERE ride_option_id = \(limit.rideOptionID)
                    """
                )
            }
            let unplaced = try await transaction.query("SELECT id, latitude, longitude FROM animals WHERE cell IS NULL")
            for row in unplaced {
                let (id, latitude, longitude) = try row.decode((Int64, Double, Double).self)
                let cell = FleetGrid.cell(of: Location(latitude: latitude, longitude: longitude))
                try await transaction.execute("UPDATE animals SET cell = \(cell) WHERE id = \(id)")
            }
        }
    }

    public func freeAnimals() async throws -> [Animal] {
        try await database.query(
            "SELECT \(unescaped: Self.columns) FROM animals AS a WHERE \(unescaped: Self.isFree) ORDER BY a.id"
        )
        .map(Self.animal(from:))
    }

    public func rideOptionsWithFreeAnimals() async throws -> Set<String> {
        let rows = try await database.query(
            """
            SELECT o.id FROM unnest(\(RideOption.all.map(\.id))::text[]) AS o (id)
            WHERE EXISTS (SELECT 1 FROM animals AS a WHERE a.ride_option_id = o.id AND \(unescaped: Self.isFree))
            """
        )
        return Set(try rows.map { try $0.decode(String.self) })
    }

    /// The search (`FleetGridSearch`), a query per block it looks in.
    public func nearestFreeAnimal(rideOptionID: String, to location: Location) async throws -> Animal? {
        var search = FleetGridSearch(around: location)
        while let look = search.nextLook() {
            let query: PostgresQuery
            switch look {
            case .cells(let cells):
                query = """
                    SELECT \(unescaped: Self.columns)
                    FROM unnest(\(cells.map(\.lowerBound))::bigint[], \(cells.map(\.upperBound))::bigint[]) AS c (low, high)
                    JOIN animals AS a ON a.ride_option_id = \(rideOptionID) AND a.cell BETWEEN c.low AND c.high
                    WHERE \(unescaped: Self.isFree)
                    """
            case .everywhere:
                query = """
                    SELECT \(unescaped: Self.columns) FROM animals AS a
                    WHERE a.ride_option_id = \(rideOptionID) AND \(unescaped: Self.isFree)
                    """
            }
            search.found(try await database.query(query).map(Self.animal(from:)))
        }
        return search.nearest
    }

    private static let columns = "a.id, a.name, a.ride_option_id, a.latitude, a.longitude"

    /// An animal `a` is free: in service, not out of service, carrying no ride in progress.
    private static let isFree = """
        a.in_service AND NOT a.out_of_service AND NOT EXISTS (
            SELECT 1 FROM rides AS r
            WHERE r.animal_id = a.id AND r.status IN ('on_the_way', 'arrived', 'riding')
        )
        """

    private static func animal(from row: PostgresRow) throws -> Animal {
        let (id, name, rideOptionID, latitude, longitude) = try row.decode((Int64, String, String, Double, Double).self)
        return Animal(
            id: AnimalID(id), name: name, rideOptionID: rideOptionID,
            location: Location(latitude: latitude, longitude: longitude)
        )
    }
}
