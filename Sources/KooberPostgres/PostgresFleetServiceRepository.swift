import KooberKit
import PostgresNIO

/// Koober Ops' fleet on `animals` (the mark `out_of_service`, migration 19): each act and its audit row in one
/// transaction (`PostgresAuditLogRepository.append`), which tells every process (`PostgresChanges`); the standings in
/// one statement, so one snapshot.
public struct PostgresFleetServiceRepository: FleetServiceRepository {
    private let database: PostgresDatabase

    public init(database: PostgresDatabase) {
        self.database = database
    }

    /// The animals in service, each with its ride in progress (`rides_by_animal`) and that ride's drop-off.
    public func standings() async throws -> [FleetStanding] {
        try await database.query(
            """
            SELECT a.id AS fleet_id, a.name AS fleet_name, a.ride_option_id AS fleet_option,
                   a.latitude AS fleet_latitude, a.longitude AS fleet_longitude, a.out_of_service AS fleet_out,
                   \(unescaped: PostgresRideRepository.rideColumns)
            FROM animals AS a
            LEFT JOIN rides AS r ON r.animal_id = a.id AND r.status IN ('on_the_way', 'arrived', 'riding')
            LEFT JOIN places AS p ON p.id = r.dropoff_place_id
            WHERE a.in_service
            ORDER BY a.id
            """
        )
        .map { row in
            let columns = row.makeRandomAccess()
            return FleetStanding(
                animal: Animal(
                    id: AnimalID(try columns["fleet_id"].decode(Int64.self)),
                    name: try columns["fleet_name"].decode(String.self),
                    rideOptionID: try columns["fleet_option"].decode(String.self),
                    location: Location(
                        latitude: try columns["fleet_latitude"].decode(Double.self),
                        longitude: try columns["fleet_longitude"].decode(Double.self))
                ),
                isOutOfService: try columns["fleet_out"].decode(Bool.self),
                ride: try columns["id"].decode(Int64?.self) == nil ? nil : try PostgresRideRepository.ride(from: row)
            )
        }
    }

    public func takeOutOfService(animalID: AnimalID, audit: AuditEntry) async throws {
        try await mark(animalID, outOfService: true, audit: audit)
    }

    public func returnToService(animalID: AnimalID, audit: AuditEntry) async throws {
        try await mark(animalID, outOfService: false, audit: audit)
    }

    /// Updates the animal's row (waiting for an assignment that holds it `FOR SHARE` to commit; an assignment after
    /// waits for this), then the audit row, and tells every process: rides may be dispatched (a return) and fleet
    /// pages look again.
    private func mark(_ animalID: AnimalID, outOfService: Bool, audit: AuditEntry) async throws {
        try await database.transaction { transaction in
            let changed = try await transaction.query(
                """
                UPDATE animals SET out_of_service = \(outOfService)
                WHERE id = \(animalID.rawValue) AND in_service AND out_of_service = \(!outOfService)
                RETURNING id
                """
            )
            guard changed.first != nil else {
                let exists =
                    try await transaction.query(
                        "SELECT 1 FROM animals WHERE id = \(animalID.rawValue) AND in_service"
                    ).first != nil
                guard exists else { throw FleetServiceRepositoryError.noSuchAnimal }
                throw outOfService
                    ? FleetServiceRepositoryError.alreadyOutOfService : FleetServiceRepositoryError.notOutOfService
            }
            try await PostgresAuditLogRepository.append(audit, in: transaction)
            try await PostgresChanges.notifyRidesChanged(in: transaction)
        }
    }
}
