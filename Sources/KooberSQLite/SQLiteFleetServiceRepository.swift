import KooberKit

/// Koober Ops' fleet on `animals` (the mark `out_of_service`, migration 23): each act and its audit row in one write
/// transaction (`SQLiteAuditLogRepository.append`); the standings in one statement.
public struct SQLiteFleetServiceRepository: FleetServiceRepository {
    private let database: SQLiteDatabase

    public init(database: SQLiteDatabase) {
        self.database = database
    }

    /// The animals in service, each with its ride in progress (`rides_by_animal`) and that ride's drop-off.
    public func standings() async throws -> [FleetStanding] {
        try await database.read { connection in
            try connection.query(
                """
                SELECT a.id AS fleet_id, a.name AS fleet_name, a.ride_option_id AS fleet_option,
                       a.latitude AS fleet_latitude, a.longitude AS fleet_longitude, a.out_of_service AS fleet_out,
                       \(SQLiteRideRepository.rideColumns)
                FROM animals AS a
                LEFT JOIN rides AS r ON r.animal_id = a.id AND r.status IN ('on_the_way', 'arrived', 'riding')
                LEFT JOIN places AS p ON p.id = r.dropoff_place_id
                WHERE a.in_service = 1
                ORDER BY a.id
                """
            )
            .map { row in
                FleetStanding(
                    animal: Animal(
                        id: AnimalID(try row.int64("fleet_id")), name: try row.string("fleet_name"),
                        rideOptionID: try row.string("fleet_option"),
                        location: Location(
                            latitude: try row.double("fleet_latitude"), longitude: try row.double("fleet_longitude"))
                    ),
                    isOutOfService: try row.int("fleet_out") == 1,
                    ride: try row.optional("id") { _ in try SQLiteRideRepository.ride(from: row) }
                )
            }
        }
    }

    public func takeOutOfService(animalID: AnimalID, audit: AuditEntry) async throws {
        try await mark(animalID, outOfService: true, audit: audit)
    }

    public func returnToService(animalID: AnimalID, audit: AuditEntry) async throws {
        try await mark(animalID, outOfService: false, audit: audit)
    }

    /// Sets the mark where it is not set so already, then the row: one transaction on the one writer, which the
    /// assignment's UPDATE (which checks the mark) comes wholly before or wholly after.
    private func mark(_ animalID: AnimalID, outOfService: Bool, audit: AuditEntry) async throws {
        try await database.write { connection in
            let changed = try connection.execute(
                "UPDATE animals SET out_of_service = ? WHERE id = ? AND in_service = 1 AND out_of_service = ?",
                [.integer(outOfService ? 1 : 0), .integer(animalID.rawValue), .integer(outOfService ? 0 : 1)])
            guard changed == 1 else {
                let exists = try !connection.query(
                    "SELECT 1 FROM animals WHERE id = ? AND in_service = 1", [.integer(animalID.rawValue)]
                ).isEmpty
                guard exists else { throw FleetServiceRepositoryError.noSuchAnimal }
                throw outOfService
                    ? FleetServiceRepositoryError.alreadyOutOfService : FleetServiceRepositoryError.notOutOfService
            }
            try SQLiteAuditLogRepository.append(audit, on: connection)
        }
    }
}
