import KooberKit
import PostgresNIO

/// Koober's animals (`animals`): seeded at start-up for the fleet size the process runs with.
public struct PostgresFleetRepository: FleetRepository {
    private let database: PostgresDatabase

    public init(database: PostgresDatabase) {
        self.database = database
    }

    /// Adds the members not stored yet (`ON CONFLICT DO NOTHING` on option and number, so processes starting together
    /// seed each animal once), and puts exactly `members` in service (`FleetInService`).
    public func provide(_ members: [FleetMember]) async throws {
        try await database.transaction { transaction in
            for member in members {
                try await transaction.execute(
                    """
                    INSERT INTO animals (ride_option_id, number, name, latitude, longitude)
                    VALUES (\(member.rideOptionID), \(member.number), \(member.name), \
                    \(member.restingPlace.latitude), \(member.restingPlace.longitude))
                    ON CONFLICT (ride_option_id, number) DO NOTHING
                    """
                )
            }
            for limit in FleetInService(members).limits {
                try await transaction.execute(
                    """
                    UPDATE animals SET in_service = (number <= \(limit.highestNumber))
                    WHERE ride_option_id = \(limit.rideOptionID)
                    """
                )
            }
        }
    }

    public func freeAnimals() async throws -> [Animal] {
        try await database.query(
            """
            SELECT a.id, a.name, a.ride_option_id, a.latitude, a.longitude FROM animals AS a
            WHERE a.in_service AND NOT a.out_of_service AND NOT EXISTS (
                SELECT 1 FROM rides AS r
                WHERE r.animal_id = a.id AND r.status IN ('on_the_way', 'arrived', 'riding')
            )
            ORDER BY a.id
            """
        )
        .map { row in
            let (id, name, rideOptionID, latitude, longitude) = try row.decode(
                (Int64, String, String, Double, Double).self
            )
            return Animal(
                id: AnimalID(id), name: name, rideOptionID: rideOptionID,
                location: Location(latitude: latitude, longitude: longitude)
            )
        }
    }
}
