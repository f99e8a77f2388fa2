import KooberKit

/// Koober's animals (`animals`): seeded at start-up for the fleet size the process runs with. Each row keeps the key
/// of the `FleetGrid` cell it stands in (`cell`), written with its position, indexed with its option
/// (`animals_by_cell`): the dispatcher's nearest free animal is a few index ranges, not a scan.
public struct SQLiteFleetRepository: FleetRepository {
    private let database: SQLiteDatabase

    public init(database: SQLiteDatabase) {
        self.database = database
    }

    /// Adds the members not stored yet (`INSERT OR IGNORE` on option and number, so processes starting together
    /// seed each animal once), puts exactly `members` in service (`FleetInService`), and gives the animals stored
    /// before their cells were kept (migration 25) their cells.
    public func provide(_ members: [FleetMember]) async throws {
        try await database.write { connection in
            for member in members {
                try connection.execute(
                    """
                    INSERT OR IGNORE INTO animals (ride_option_id, number, name, latitude, longitude, cell)
                    VALUES (?, ?, ?, ?, ?, ?)
                    """,
                    [
                        .text(member.rideOptionID), .integer(Int64(member.number)), .text(member.name),
                        .real(member.restingPlace.latitude), .real(member.restingPlace.longitude),
                        .integer(FleetGrid.cell(of: member.restingPlace)),
                    ]
                )
            }
            for limit in FleetInService(members).limits {
                try connection.execute(
                    "UPDATE animals SET in_service = (number <= ?) WHERE ride_option_id = ?",
                    [.integer(Int64(limit.highestNumber)), .text(limit.rideOptionID)]
                )
            }
            for row in try connection.query("SELECT id, latitude, longitude FROM animals WHERE cell IS NULL") {
                let location = Location(latitude: try row.double("latitude"), longitude: try row.double("longitude"))
                try connection.execute(
                    "UPDATE animals SET cell = ? WHERE id = ?",
                    [.integer(FleetGrid.cell(of: location)), .integer(try row.int64("id"))])
            }
        }
    }

    public func freeAnimals() async throws -> [Animal] {
        try await database.read { connection in
            try connection.query("SELECT \(Self.columns) FROM animals AS a WHERE \(Self.isFree) ORDER BY a.id")
                .map(Self.animal(from:))
        }
    }

    public func rideOptionsWithFreeAnimals() async throws -> Set<String> {
        try await database.read { connection in
            var options: Set<String> = []
            for option in RideOption.all {
                let free = try connection.query(
                    "SELECT EXISTS (SELECT 1 FROM animals AS a WHERE a.ride_option_id = ? AND \(Self.isFree)) AS free",
                    [.text(option.id)])
                if try free.first?.int64("free") == 1 { options.insert(option.id) }
            }
            return options
        }
    }

    /// The whole search (`FleetGridSearch`) in one read: one hop to a reader, however many blocks it looks in.
    public func nearestFreeAnimal(rideOptionID: String, to location: Location) async throws -> Animal? {
        try await database.read { connection in
            var search = FleetGridSearch(around: location)
            while let look = search.nextLook() {
                switch look {
                case .cells(let cells):
                    search.found(
                        try connection.query(
                            Self.inCellsSQL(ranges: cells.count),
                            cells.flatMap { [.integer($0.lowerBound), .integer($0.upperBound)] } + [.text(rideOptionID)]
                        )
                        .map(Self.animal(from:)))
                case .everywhere:
                    search.found(
                        try connection.query(
                            "SELECT \(Self.columns) FROM animals AS a WHERE a.ride_option_id = ? AND \(Self.isFree)",
                            [.text(rideOptionID)]
                        )
                        .map(Self.animal(from:)))
                }
            }
            return search.nearest
        }
    }

    /// The free animals of an option (the last binding) in `ranges` ranges of cells (a low and a high key each):
    /// a seek of `animals_by_cell` per range.
    static func inCellsSQL(ranges: Int) -> String {
        """
        WITH cells (low, high) AS (VALUES \(Array(repeating: "(?, ?)", count: ranges).joined(separator: ", ")))
        SELECT \(columns) FROM cells JOIN animals AS a
            ON a.ride_option_id = ? AND a.cell BETWEEN cells.low AND cells.high
        WHERE \(isFree)
        """
    }

    private static let columns = "a.id, a.name, a.ride_option_id, a.latitude, a.longitude"

    /// An animal `a` is free: in service, not out of service, carrying no ride in progress.
    private static let isFree = """
        a.in_service = 1 AND a.out_of_service = 0 AND NOT EXISTS (
            SELECT 1 FROM rides AS r
            WHERE r.animal_id = a.id AND r.status IN ('on_the_way', 'arrived', 'riding')
        )
        """

    private static func animal(from row: SQLiteRow) throws -> Animal {
        Animal(
            id: AnimalID(try row.int64("id")), name: try row.string("name"),
            rideOptionID: try row.string("ride_option_id"),
            location: Location(latitude: try row.double("latitude"), longitude: try row.double("longitude"))
        )
    }
}
