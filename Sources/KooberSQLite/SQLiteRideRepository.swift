import Foundation
import KooberKit

/// Each rider's chosen drop-off (`ride_drafts`, one row per rider) and rides (`rides`); both go when the rider's
/// user does (`ON DELETE CASCADE`).
///
/// "At most one ride in progress per rider" is kept by the partial unique index `rides_in_progress`, not by a
/// read-then-insert here: two writers (two tabs, or two processes on one file) could both read "none" before either
/// inserts, but the index refuses the second insert whatever the timing.
public struct SQLiteRideRepository: RideRepository {
    private let database: SQLiteDatabase

    public init(database: SQLiteDatabase) {
        self.database = database
    }

    public func chosenDropoff(userID: UserID) async throws -> NamedLocation? {
        try await database.read { connection in try Self.chosenDropoff(userID: userID, on: connection) }
    }

    private static func chosenDropoff(userID: UserID, on connection: SQLiteConnection) throws -> NamedLocation? {
        let rows = try connection.query(
            """
            SELECT p.id, p.name, p.latitude, p.longitude
            FROM ride_drafts AS d JOIN places AS p ON p.id = d.place_id
            WHERE d.user_id = ?
            """,
            [.integer(userID.rawValue)]
        )
        return try rows.first.map(SQLitePlaceRepository.place(from:))
    }

    /// Throws `RideRepositoryError.unknownPlace` for a place that doesn't exist, and `SQLiteError.constraint` for a
    /// user that doesn't.
    public func chooseDropoff(userID: UserID, placeID: PlaceID, at time: Date) async throws {
        try await database.write { connection in
            do {
                try connection.execute(
                    """
                    INSERT INTO ride_drafts (user_id, place_id, chosen_at) VALUES (?, ?, ?)
                    ON CONFLICT (user_id) DO UPDATE SET place_id = excluded.place_id, chosen_at = excluded.chosen_at
                    """,
                    [.integer(userID.rawValue), .integer(placeID.rawValue), .unixSeconds(time)]
                )
            } catch let error as SQLiteError where error.isForeignKeyViolation {
                throw try Self.foreignKeyRefusal(error, placeID: placeID, on: connection)
            }
        }
    }

    public func rideInProgress(userID: UserID) async throws -> Ride? {
        try await database.read { connection in try Self.rideInProgress(userID: userID, on: connection) }
    }

    private static func rideInProgress(userID: UserID, on connection: SQLiteConnection) throws -> Ride? {
        // The status is a literal, not a binding, so the planner can prove the partial index applies.
        let rows = try connection.query(
            selectRides + " WHERE r.user_id = ? AND r.status = 'waiting_for_pickup'",
            [.integer(userID.rawValue)]
        )
        return try rows.first.map(ride(from:))
    }

    /// Both reads in one snapshot, and one trip to the database's threads instead of two (a signed-in page load
    /// makes this one and the session's).
    public func rideState(userID: UserID) async throws -> RideState {
        try await database.read { connection in
            try connection.snapshot { connection in
                RideState(
                    rideInProgress: try Self.rideInProgress(userID: userID, on: connection),
                    chosenDropoff: try Self.chosenDropoff(userID: userID, on: connection)
                )
            }
        }
    }

    /// Inserts the ride, clears the draft and reads the ride back, all in one write transaction: either the rider
    /// has a new ride and no draft, or nothing changed. Throws `RideRepositoryError.rideAlreadyInProgress` when the
    /// rider already has a ride waiting, `.unknownPlace` for a drop-off that doesn't exist, and
    /// `SQLiteError.constraint` for an unknown user, a ride option other than Koober's three or a negative fare.
    public func requestRide(_ request: NewRideRequest) async throws -> Ride {
        try await database.write { connection in
            let inserted: [SQLiteRow]
            do {
                inserted = try connection.query(
                    """
                    INSERT INTO rides (
                        user_id, pickup_latitude, pickup_longitude, dropoff_place_id, ride_option_id, fare_cents,
                        requested_at, status
                    ) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    RETURNING id
                    """,
                    [
                        .integer(request.userID.rawValue), .real(request.pickup.latitude),
                        .real(request.pickup.longitude), .integer(request.dropoffID.rawValue),
                        .text(request.rideOptionID), .integer(Int64(request.fareCents)),
                        .unixSeconds(request.requestedAt), .text(Ride.Status.waitingForPickup.rawValue),
                    ]
                )
            } catch let error as SQLiteError where error.isUniqueViolation {
                // The only unique key a new row can break is `rides_in_progress`: the id is SQLite's to choose.
                throw RideRepositoryError.rideAlreadyInProgress
            } catch let error as SQLiteError where error.isForeignKeyViolation {
                throw try Self.foreignKeyRefusal(error, placeID: request.dropoffID, on: connection)
            }
            try connection.execute("DELETE FROM ride_drafts WHERE user_id = ?", [.integer(request.userID.rawValue)])
            let id = try inserted[0].int64("id")
            let rows = try connection.query(Self.selectRides + " WHERE r.id = ?", [.integer(id)])
            return try Self.ride(from: rows[0])
        }
    }

    public func startNewRide(userID: UserID) async throws {
        try await database.write { connection in
            try connection.execute(
                "UPDATE rides SET status = 'finished' WHERE user_id = ? AND status = 'waiting_for_pickup'",
                [.integer(userID.rawValue)]
            )
            try connection.execute("DELETE FROM ride_drafts WHERE user_id = ?", [.integer(userID.rawValue)])
        }
    }

    /// Newest first; rides requested in the same second, latest stored first.
    public func rides(userID: UserID) async throws -> [Ride] {
        try await database.read { connection in
            try connection.query(
                Self.selectRides + " WHERE r.user_id = ? ORDER BY r.requested_at DESC, r.id DESC",
                [.integer(userID.rawValue)]
            )
            .map(Self.ride(from:))
        }
    }

    /// Rides with their drop-off place; callers append a `WHERE` (and `ORDER BY`).
    private static let selectRides = """
        SELECT r.id, r.user_id, r.pickup_latitude, r.pickup_longitude, r.ride_option_id, r.fare_cents,
               r.requested_at, r.status,
               p.id AS place_id, p.name AS place_name, p.latitude AS place_latitude, p.longitude AS place_longitude
        FROM rides AS r JOIN places AS p ON p.id = r.dropoff_place_id
        """

    /// A ride from a row of `selectRides`.
    private static func ride(from row: SQLiteRow) throws -> Ride {
        let status = try row.string("status")
        guard let rideStatus = Ride.Status(rawValue: status) else {
            throw SQLiteError.typeMismatch(column: "status", expected: "a ride status", found: .text(status))
        }
        return Ride(
            id: RideID(try row.int64("id")),
            userID: UserID(try row.int64("user_id")),
            pickup: Location(
                latitude: try row.double("pickup_latitude"),
                longitude: try row.double("pickup_longitude")
            ),
            dropoff: NamedLocation(
                id: PlaceID(try row.int64("place_id")),
                name: try row.string("place_name"),
                location: Location(
                    latitude: try row.double("place_latitude"),
                    longitude: try row.double("place_longitude")
                )
            ),
            rideOptionID: try row.string("ride_option_id"),
            fareCents: try row.int("fare_cents"),
            requestedAt: try row.date("requested_at"),
            status: rideStatus
        )
    }

    /// What a FOREIGN KEY refusal means: SQLite doesn't say which key failed, so look whether the place exists
    /// (inside the same transaction); if it does, the user is the one missing and the error stays as it is.
    private static func foreignKeyRefusal(
        _ error: SQLiteError,
        placeID: PlaceID,
        on connection: SQLiteConnection
    ) throws -> any Error {
        try SQLitePlaceRepository.place(id: placeID, on: connection) == nil ? RideRepositoryError.unknownPlace : error
    }
}
