import KooberKit

/// Koober's animals (`animals`): seeded at start-up for the fleet size the process runs with.
public struct SQLiteFleetRepository: FleetRepository {
    private let database: SQLiteDatabase

    public init(database: SQLiteDatabase) {
        self.database = database
    }

    /// Adds the members not stored yet (`INSERT OR IGNORE` on option and number, so processes starting together
    /// seed each animal once), and puts exactly `members` in service (`FleetInService`).
    public func provide(_ members: [FleetMember]) async throws {
        try await database.write { connection in
            for member in members {
                try connection.execute(
                    """
                    INSERT OR IGNORE INTO animals (ride_option_id, number, name, latitude, longitude)
                    VALUES (?, ?, ?, ?, ?)
                    """,
                    [
                        .text(member.rideOptionID), .integer(Int64(member.number)), .text(member.name),
                        .real(member.restingPlace.latitude), .real(member.restingPlace.longitude),
                    ]
                )
            }
            for limit in FleetInService(members).limits {
                try connection.execute(
                    "UPDATE animals SET in_service = (number <= ?) WHERE ride_option_id = ?",
                    [.integer(Int64(limit.highestNumber)), .text(limit.rideOptionID)]
                )
            }
        }
    }

    public func freeAnimals() async throws -> [Animal] {
        try await database.read { connection in
            try connection.query(
                """
                SELECT a.id, a.name, a.ride_option_id, a.latitude, a.longitude FROM animals AS a
                WHERE a.in_service = 1 AND a.out_of_service = 0 AND NOT EXISTS (
                    SELECT 1 FROM rides AS r
                    WHERE r.animal_id = a.id AND r.status IN ('on_the_way', 'arrived', 'riding')
                )
                ORDER BY a.id
                """
            )
            .map { row in
                Animal(
                    id: AnimalID(try row.int64("id")), name: try row.string("name"),
                    rideOptionID: try row.string("ride_option_id"),
                    location: Location(latitude: try row.double("latitude"), longitude: try row.double("longitude"))
                )
            }
        }
    }
}
