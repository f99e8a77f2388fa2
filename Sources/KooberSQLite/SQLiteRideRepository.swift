import Foundation
import KooberKit

/// Each rider's chosen drop-off (`ride_drafts`, one row per rider), rides (`rides`) and their histories
/// (`ride_events`); all go when the rider's user does (`ON DELETE CASCADE`).
///
/// What must never happen is refused by the database itself, not by a read-then-write here, so it holds with any
/// number of processes on one file: a second ride in progress for a rider (`rides_in_progress`), an animal on two
/// rides (`rides_by_animal`), and a change made from a stale read (`apply` changes a ride only at the revision the
/// change was worked out from).
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
            try Self.leaveEndedRidesBehind(userID: userID, on: connection)
        }
    }

    public func followedRide(userID: UserID) async throws -> Ride? {
        try await database.read { connection in try Self.followedRide(userID: userID, on: connection) }
    }

    /// The rider's newest ride (by `rides_by_user`, one row), unless it has ended and been left behind.
    private static func followedRide(userID: UserID, on connection: SQLiteConnection) throws -> Ride? {
        let rows = try connection.query(
            selectRides + " WHERE r.user_id = ? ORDER BY r.requested_at DESC, r.id DESC LIMIT 1",
            [.integer(userID.rawValue)]
        )
        guard let row = rows.first, try row.int("left_behind") == 0 else { return nil }
        return try ride(from: row)
    }

    /// Both reads in one snapshot, and one trip to the database's threads instead of two.
    public func rideState(userID: UserID) async throws -> RideState {
        try await database.read { connection in
            try connection.snapshot { connection in try Self.rideState(userID: userID, on: connection) }
        }
    }

    /// Within a snapshot. The followed ride comes with its animal's running total of stars and its share link, joined
    /// by key into the ride's own statement, for the live page's ★ and Share Ride.
    static func rideState(userID: UserID, on connection: SQLiteConnection) throws -> RideState {
        let rows = try connection.query(
            """
            SELECT f.*, a.rating_sum AS animal_rating_sum, a.rating_count AS animal_rating_count,
                   s.user_id AS share_user_id, s.token_hash AS share_token_hash, s.salt AS share_salt,
                   s.created_at AS share_created_at
            FROM (\(selectRides) WHERE r.user_id = ? ORDER BY r.requested_at DESC, r.id DESC LIMIT 1) AS f
            LEFT JOIN animals AS a ON a.id = f.animal_id
            LEFT JOIN ride_shares AS s ON s.ride_id = f.id
            """,
            [.integer(userID.rawValue)]
        )
        var followed: Ride?
        if let row = rows.first, try row.int("left_behind") == 0 {
            let animalRating = try row.optional("animal_rating_sum", row.int).map { sum in
                AnimalRating(starsSum: sum, count: try row.int("animal_rating_count"))
            }
            let share: RideShareLookup =
                try row.optional("share_token_hash", row.string).map { hash in
                    .link(
                        RideShare(
                            rideID: RideID(try row.int64("id")), userID: UserID(try row.int64("share_user_id")),
                            tokenHash: SessionTokenHash(hex: hash), salt: try row.string("share_salt"),
                            createdAt: try row.date("share_created_at")))
                } ?? .none
            followed = try ride(from: row).with(animalRating: animalRating).with(share: share)
        }
        return RideState(followedRide: followed, chosenDropoff: try chosenDropoff(userID: userID, on: connection))
    }

    /// Inserts the ride (`finding`) and its first event, leaves earlier rides behind and clears the draft, all in
    /// one write transaction. Throws `RideRepositoryError.rideAlreadyInProgress` when the rider already has a ride
    /// in progress, `.accountLocked` when Koober Ops has locked the account, `.unknownPlace` for a drop-off that doesn't exist, and `SQLiteError.constraint` for an unknown
    /// user, a ride option other than Koober's three, a negative fare or a clock rate that is not positive.
    public func requestRide(_ request: NewRideRequest) async throws -> Ride {
        try await database.write { connection in try Self.insertRide(request, on: connection) }
    }

    /// `requestRide`'s writes, inside the caller's write transaction (a scheduled ride's start makes its ride so).
    static func insertRide(_ request: NewRideRequest, on connection: SQLiteConnection) throws -> Ride {
        try SQLiteRiderAccountRepository.refuseIfLocked(request.userID, on: connection)
        let inserted: [SQLiteRow]
        do {
            inserted = try connection.query(
                """
                INSERT INTO rides (
                    user_id, pickup_latitude, pickup_longitude, dropoff_place_id, ride_option_id, fare_cents,
                    requested_at, status, clock_rate, revision
                ) VALUES (?, ?, ?, ?, ?, ?, ?, 'finding', ?, ?)
                RETURNING id
                """,
                [
                    .integer(request.userID.rawValue), .real(request.pickup.latitude),
                    .real(request.pickup.longitude), .integer(request.dropoffID.rawValue),
                    .text(request.rideOptionID), .integer(Int64(request.fareCents.value)),
                    .unixSeconds(request.requestedAt), .real(request.clockRate),
                    .integer(try Self.nextRevision(on: connection)),
                ]
            )
        } catch let error as SQLiteError where error.isUniqueViolation {
            // The only unique key a new row can break is `rides_in_progress`: the id is SQLite's to choose.
            throw RideRepositoryError.rideAlreadyInProgress
        } catch let error as SQLiteError where error.isForeignKeyViolation {
            throw try Self.foreignKeyRefusal(error, placeID: request.dropoffID, on: connection)
        }
        let id = try inserted[0].int64("id")
        try connection.execute(
            "INSERT INTO ride_events (ride_id, status, at_ms) VALUES (?, 'finding', ?)",
            [.integer(id), .unixMilliseconds(request.requestedAt)]
        )
        try connection.execute("DELETE FROM ride_drafts WHERE user_id = ?", [.integer(request.userID.rawValue)])
        try connection.execute(Self.leaveOthersBehindSQL, [.integer(request.userID.rawValue), .integer(id)])
        return try Self.ride(id: id, on: connection)!
    }

    /// Every other ride of the rider is left behind once a new one is requested; read through `rides_in_view`, so it
    /// costs the same after 20,000 rides as after one.
    static let leaveOthersBehindSQL =
        "UPDATE rides SET left_behind = 1 WHERE user_id = ? AND id <> ? AND left_behind = 0"

    public func startNewRide(userID: UserID) async throws {
        try await database.write { connection in
            try Self.leaveEndedRidesBehind(userID: userID, on: connection)
            try connection.execute("DELETE FROM ride_drafts WHERE user_id = ?", [.integer(userID.rawValue)])
        }
    }

    private static func leaveEndedRidesBehind(userID: UserID, on connection: SQLiteConnection) throws {
        try connection.execute(
            """
            UPDATE rides SET left_behind = 1
            WHERE user_id = ? AND left_behind = 0 AND status IN ('finished', 'cancelled')
            """,
            [.integer(userID.rawValue)]
        )
    }

    /// Newest first; rides requested in the same second, latest stored first.
    public func rides(userID: UserID, before: RideHistoryCursor?, limit: Int) async throws -> [Ride] {
        let bindings: [SQLiteValue] =
            [.integer(userID.rawValue)]
            + (before.map { [.integer($0.requestedAtSeconds), .integer($0.rideID.rawValue)] } ?? [])
            + [.integer(Int64(max(0, limit)))]
        return try await database.read { connection in
            try connection.query(Self.historySQL(after: before != nil), bindings).map(Self.ride(from:))
        }
    }

    /// A page of a rider's history: a range of `rides_by_user` (user_id, requested_at DESC, id DESC), from a cursor
    /// when `after` (the row value compares as the index orders), so its cost is the page's whatever the history's.
    static func historySQL(after: Bool) -> String {
        selectRides + " WHERE r.user_id = ?" + (after ? " AND (r.requested_at, r.id) < (?, ?)" : "")
            + " ORDER BY r.requested_at DESC, r.id DESC LIMIT ?"
    }

    public func ride(id: RideID) async throws -> Ride? {
        try await database.read { connection in try Self.ride(id: id.rawValue, on: connection) }
    }

    static func ride(id: Int64, on connection: SQLiteConnection) throws -> Ride? {
        try connection.query(selectRides + " WHERE r.id = ?", [.integer(id)]).first.map(ride(from:))
    }

    public func events(rideID: RideID) async throws -> [RideEvent] {
        try await database.read { connection in try Self.events(rideID: rideID, on: connection) }
    }

    static func events(rideID: RideID, on connection: SQLiteConnection) throws -> [RideEvent] {
        try connection.query("SELECT status, at_ms FROM ride_events WHERE ride_id = ?", [.integer(rideID.rawValue)])
            .map { row in RideEvent(status: try Self.status(row, "status"), at: try row.millisecondsDate("at_ms")) }
            .sorted { $0.status < $1.status }
    }

    public func findingRides(rideOptionIDs: Set<String>, limit: Int) async throws -> [Ride] {
        guard !rideOptionIDs.isEmpty else { return [] }
        let options = rideOptionIDs.sorted()
        let placeholders = Array(repeating: "?", count: options.count).joined(separator: ", ")
        return try await database.read { connection in
            try connection.query(
                Self.selectRides
                    + " WHERE r.status = 'finding' AND r.ride_option_id IN (\(placeholders))"
                    + " ORDER BY r.requested_at, r.id LIMIT ?",
                options.map(SQLiteValue.text) + [.integer(Int64(limit))]
            )
            .map(Self.ride(from:))
        }
    }

    public func dueRides(at time: Date, limit: Int) async throws -> [Ride] {
        try await database.read { connection in
            try connection.query(
                Self.selectRides
                    + """
                     WHERE r.next_event_at_ms IS NOT NULL AND r.next_event_at_ms <= ?
                    ORDER BY r.next_event_at_ms LIMIT ?
                    """,
                [.unixMilliseconds(time), .integer(Int64(limit))]
            )
            .map(Self.ride(from:))
        }
    }

    public func nextDueTime() async throws -> Date? {
        try await database.read { connection in
            try connection.query(
                """
                SELECT next_event_at_ms FROM rides WHERE next_event_at_ms IS NOT NULL
                ORDER BY next_event_at_ms LIMIT 1
                """
            )
            .first.map { try $0.millisecondsDate("next_event_at_ms") }
        }
    }

    /// In one write transaction: the ride is changed only at the expected revision (else `nil`, nothing written),
    /// its events are added, and a freed animal is put where it stands. An assignment that would put an animal on
    /// a second ride breaks `rides_by_animal`: `nil` too. An assignment of an animal staff took out of service
    /// (`animals.out_of_service`) changes nothing either: the UPDATE itself checks the mark, on the one writer.
    public func apply(_ change: RideChange) async throws -> Ride? {
        try await database.write { connection in try Self.apply(change, on: connection) }
    }

    /// `apply`'s writes, inside the caller's write transaction (Koober Ops' cancel writes its audit row in it too).
    static func apply(_ change: RideChange, on connection: SQLiteConnection) throws -> Ride? {
        let assignment = change.assignment
        let changed: Int
        do {
            changed = try connection.execute(
                """
                UPDATE rides SET
                    status = ?, next_event_at_ms = ?, ended_at_ms = ?,
                    animal_id = coalesce(?, animal_id), animal_name = coalesce(?, animal_name),
                    assigned_at_ms = coalesce(?, assigned_at_ms),
                    start_latitude = coalesce(?, start_latitude), start_longitude = coalesce(?, start_longitude),
                    cancelled_by_koober = ?, revision = ?
                WHERE id = ? AND revision = ?
                    AND (? IS NULL OR NOT EXISTS (SELECT 1 FROM animals WHERE id = ? AND out_of_service = 1))
                """,
                [
                    .text(change.status.rawValue), change.nextEventAt.map(SQLiteValue.unixMilliseconds) ?? .null,
                    change.endedAt.map(SQLiteValue.unixMilliseconds) ?? .null,
                    assignment.map { .integer($0.animalID.rawValue) } ?? .null,
                    assignment.map { .text($0.animalName) } ?? .null,
                    assignment.map { .unixMilliseconds($0.assignedAt) } ?? .null,
                    assignment.map { .real($0.start.latitude) } ?? .null,
                    assignment.map { .real($0.start.longitude) } ?? .null,
                    .integer(change.cancelledByKoober ? 1 : 0), .integer(try Self.nextRevision(on: connection)),
                    .integer(change.rideID.rawValue), .integer(change.expectedRevision),
                    assignment.map { .integer($0.animalID.rawValue) } ?? .null,
                    assignment.map { .integer($0.animalID.rawValue) } ?? .null,
                ]
            )
        } catch let error as SQLiteError where error.isUniqueViolation {
            return nil  // the animal carries another ride now
        }
        guard changed == 1 else { return nil }
        for event in change.events {
            try connection.execute(
                "INSERT OR IGNORE INTO ride_events (ride_id, status, at_ms) VALUES (?, ?, ?)",
                [.integer(change.rideID.rawValue), .text(event.status.rawValue), .unixMilliseconds(event.at)]
            )
        }
        if let freed = change.freedAnimal {
            try connection.execute(
                "UPDATE animals SET latitude = ?, longitude = ?, cell = ? WHERE id = ?",
                [
                    .real(freed.location.latitude), .real(freed.location.longitude),
                    .integer(FleetGrid.cell(of: freed.location)), .integer(freed.id.rawValue),
                ]
            )
        }
        if let receipt = change.receipt, let endedAt = change.endedAt {
            try SQLiteAccountLinkRepository.queueIfConfirmed(
                receipt, for: .riderOf(change.rideID), at: endedAt, on: connection)
        }
        return try Self.ride(id: change.rideID.rawValue, on: connection)
    }

    /// By revision: one writer at a time gives them in commit order, so a revision is the change's position.
    public func rideChanges(after cursor: RideChangeCursor, limit: Int) async throws -> RideChanges {
        let rides = try await database.read { connection in
            try connection.query(
                Self.selectRides + " WHERE r.revision > ? ORDER BY r.revision LIMIT ?",
                [.integer(cursor.position), .integer(Int64(max(0, limit)))]
            )
            .map(Self.ride(from:))
        }
        return RideChanges(inRevisionOrder: rides, after: cursor)
    }

    public func latestRideChange() async throws -> RideChangeCursor {
        let revision = try await database.read { connection in
            try connection.query(
                "SELECT max(value, (SELECT coalesce(max(revision), 0) FROM rides)) AS value FROM ride_revision WHERE id = 1"
            )[0].int64("value")
        }
        return RideChangeCursor(position: revision, rideID: 0)
    }

    /// The revision a write gives the row it changes, from `ride_revision` in the write's transaction: above every
    /// other ever given, deleted rides' included, so "changed after" never misses one (SQLite has one writer at a
    /// time, so revisions are given in commit order). A write that then changes nothing leaves a gap, which is fine.
    /// The counter is never behind the rides themselves either (one look at `rides_by_revision`'s end): rows written
    /// into the file by anything but this repository (the benchmarks' seeders, a restored table) cannot make it give
    /// a revision that streams have already heard of.
    private static func nextRevision(on connection: SQLiteConnection) throws -> Int64 {
        try connection.query(
            """
            UPDATE ride_revision SET value = max(value, (SELECT coalesce(max(revision), 0) FROM rides)) + 1
            WHERE id = 1 RETURNING value
            """
        )[0].int64("value")
    }

    /// Rides with their drop-off place; callers append a `WHERE` (and `ORDER BY`).
    private static let selectRides =
        "SELECT \(rideColumns) FROM rides AS r JOIN places AS p ON p.id = r.dropoff_place_id"

    /// The columns `ride(from:)` reads, of a ride `r` and its drop-off place `p` (the fleet's standings join them too).
    static let rideColumns = """
        r.id, r.user_id, r.pickup_latitude, r.pickup_longitude, r.ride_option_id, r.fare_cents,
        r.requested_at, r.status, r.clock_rate, r.animal_id, r.animal_name, r.assigned_at_ms,
        r.start_latitude, r.start_longitude, r.ended_at_ms, r.left_behind, r.revision, r.cancelled_by_koober,
        p.id AS place_id, p.name AS place_name, p.latitude AS place_latitude, p.longitude AS place_longitude
        """

    private static func status(_ row: SQLiteRow, _ column: String) throws -> RideStatus {
        let status = try row.string(column)
        guard let rideStatus = RideStatus(rawValue: status) else {
            throw SQLiteError.typeMismatch(column: column, expected: "a ride status", found: .text(status))
        }
        return rideStatus
    }

    /// A ride from a row of `rideColumns`.
    static func ride(from row: SQLiteRow) throws -> Ride {
        let assignment = try row.optional("animal_id") { column in
            RideAssignment(
                animalID: AnimalID(try row.int64(column)),
                animalName: try row.string("animal_name"),
                assignedAt: try row.millisecondsDate("assigned_at_ms"),
                start: Location(
                    latitude: try row.double("start_latitude"), longitude: try row.double("start_longitude"))
            )
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
            fareCents: Cents(try row.int("fare_cents")),
            requestedAt: try row.date("requested_at"),
            status: try status(row, "status"),
            clockRate: try row.double("clock_rate"),
            assignment: assignment,
            endedAt: try row.optional("ended_at_ms", row.millisecondsDate),
            revision: try row.int64("revision"),
            cancelledByKoober: try row.int("cancelled_by_koober") != 0
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
