import Foundation
import KooberKit
import PostgresNIO

/// Each rider's chosen drop-off (`ride_drafts`), rides (`rides`) and their histories (`ride_events`), shared by every
/// process; all go when the rider's user does (`ON DELETE CASCADE`).
///
/// As in SQLite, what must never happen is refused by the database itself, whatever the number of processes: a second
/// ride in progress for a rider (`rides_in_progress`), an animal on two rides (`rides_by_animal`), and a change made
/// from a stale read (`apply` changes a ride only at the revision it was worked out from; of two processes applying
/// the same change, the second waits for the first's row lock and then finds the revision gone).
///
/// **Revisions and the order of changes.** A ride's revision comes from a sequence, `ride_revisions`: never given
/// twice, and greater at each change of one ride (its writers wait for each other's row lock, and a change is applied
/// only at the revision it was worked out from). Streams hear of "every ride changed after cursor C", so a change must
/// never become readable after a later one in that order; with concurrent writers a revision cannot be that order (a
/// transaction holding revision 11 may commit after one holding 12). Until issue 45 every ride write therefore locked
/// one counter row until it committed, and under load the writers queued on it. Now each ride write stamps its row
/// with its transaction's id (`changed_by`, from `pg_current_xact_id()`), and `rideChanges` reads in
/// `(changed_by, id)` order only the rows below the oldest transaction that may still write to the database
/// (`oldestWriter`): every transaction below it has ended, and every transaction in flight or to come has a greater
/// id, so nothing can appear later below a cursor. A change committed above that line is held back
/// (`RideChanges.heldBack`) until the transactions before it end, a moment later.
///
/// A ride request and a change are each one prepared statement (`InsertRide`, `ApplyRideChange`) in a transaction of
/// its own: one
/// round trip. Each such write also notifies the other processes (`PostgresChanges`), whose dispatchers then look at
/// once instead of at their next tick.
public struct PostgresRideRepository: RideRepository {
    private let database: PostgresDatabase

    public init(database: PostgresDatabase) {
        self.database = database
    }

    public func chosenDropoff(userID: UserID) async throws -> NamedLocation? {
        try await database.query(Self.chosenDropoffSQL(userID)).first.map(PostgresPlaceRepository.place(from:))
    }

    private static func chosenDropoffSQL(_ userID: UserID) -> PostgresQuery {
        """
        SELECT p.id, p.name, p.latitude, p.longitude
        FROM ride_drafts AS d JOIN places AS p ON p.id = d.place_id
        WHERE d.user_id = \(userID.rawValue)
        """
    }

    /// Throws `RideRepositoryError.unknownPlace` for a place that doesn't exist, and the server's foreign-key
    /// refusal for a user that doesn't.
    public func chooseDropoff(userID: UserID, placeID: PlaceID, at time: Date) async throws {
        do {
            try await database.transaction { transaction in
                try await transaction.execute(
                    """
                    INSERT INTO ride_drafts (user_id, place_id, chosen_at)
                    VALUES (\(userID.rawValue), \(placeID.rawValue), \(PostgresTime.seconds(time)))
                    ON CONFLICT (user_id) DO UPDATE SET place_id = excluded.place_id, chosen_at = excluded.chosen_at
                    """
                )
                try await Self.leaveEndedRidesBehind(userID: userID, in: transaction)
            }
        } catch let error as PSQLError where error.isForeignKeyViolation {
            throw Self.foreignKeyRefusal(error)
        }
    }

    public func followedRide(userID: UserID) async throws -> Ride? {
        try await database.query(Self.followedRideSQL(userID)).first.flatMap { try Self.followedRide(from: $0) }
    }

    /// The rider's newest ride (by `rides_by_user`, one row), unless it has ended and been left behind.
    private static func followedRideSQL(_ userID: UserID) -> PostgresQuery {
        """
        \(unescaped: selectRides) WHERE r.user_id = \(userID.rawValue)
        ORDER BY r.requested_at DESC, r.id DESC LIMIT 1
        """
    }

    /// The ride of a `selectRides` row, unless it has ended and been left behind.
    private static func followedRide(from row: PostgresRow) throws -> Ride? {
        let columns = row.makeRandomAccess()
        guard try !columns["left_behind"].decode(Bool.self) else { return nil }
        return try ride(from: row)
    }

    /// Both reads in one prepared statement (`RideStateOfUser`), so at one moment and in one trip to the server.
    public func rideState(userID: UserID) async throws -> RideState {
        guard let row = try await database.execute(RideStateOfUser(userID: userID)).first else {
            return RideState(followedRide: nil, chosenDropoff: nil)
        }
        return try Self.rideState(from: row)
    }

    /// The ride state from a row with `RideStateOfUser.columns`: the newest ride's (all NULL without one) and the
    /// chosen drop-off's (`draft_`, NULL without one).
    static func rideState(from row: PostgresRow) throws -> RideState {
        let columns = row.makeRandomAccess()
        let hasRide = try columns["id"].decode(Int64?.self) != nil
        let chosenDropoff = try columns["draft_id"].decode(Int64?.self).map { id in
            NamedLocation(
                id: PlaceID(id), name: try columns["draft_name"].decode(String.self),
                location: Location(
                    latitude: try columns["draft_latitude"].decode(Double.self),
                    longitude: try columns["draft_longitude"].decode(Double.self)
                )
            )
        }
        // The animal's running total of stars comes in the same row (`RideStateOfUser`), for the live page's ★.
        let animalRating = try columns["animal_rating_sum"].decode(Int64?.self).map { sum in
            AnimalRating(
                starsSum: Int(sum), count: Int(try columns["animal_rating_count"].decode(Int64.self)))
        }
        // And its share link (`ride_shares` joined by the ride), for the live page's Share Ride.
        let share: RideShareLookup =
            try columns["share_token_hash"].decode(String?.self).map { hash in
                .link(
                    RideShare(
                        rideID: RideID(try columns["id"].decode(Int64.self)),
                        userID: UserID(try columns["share_user_id"].decode(Int64.self)),
                        tokenHash: SessionTokenHash(hex: hash), salt: try columns["share_salt"].decode(String.self),
                        createdAt: PostgresTime.date(seconds: try columns["share_created_at"].decode(Int64.self))))
            } ?? .none
        return RideState(
            followedRide: hasRide
                ? try Self.followedRide(from: row)?.with(animalRating: animalRating).with(share: share) : nil,
            chosenDropoff: chosenDropoff
        )
    }

    /// Inserts the ride (`finding`) with its first event and its revision, leaves earlier rides behind and clears the
    /// draft: one prepared statement (`InsertRide`), so one round trip and its own transaction. Throws
    /// `RideRepositoryError.rideAlreadyInProgress` when the rider already has a ride in progress, `.accountLocked` when
    /// Koober Ops has locked the account, `.unknownPlace` for a drop-off that doesn't exist.
    public func requestRide(_ request: NewRideRequest) async throws -> Ride {
        do {
            return try Self.insertedRide(try await database.execute(InsertRide(request)))
        } catch let error as PSQLError where error.isUniqueViolation {
            throw RideRepositoryError.rideAlreadyInProgress
        } catch let error as PSQLError where error.isForeignKeyViolation {
            throw Self.foreignKeyRefusal(error)
        }
    }

    /// `requestRide`'s statement inside the caller's transaction (a scheduled ride's start makes its ride so); a ride
    /// already in progress fails it with the server's unique violation.
    static func insertRide(_ request: NewRideRequest, in transaction: PostgresTransaction) async throws -> Ride {
        try insertedRide(try await transaction.execute(InsertRide(request)))
    }

    /// The ride `InsertRide` returned; none: the account is locked.
    private static func insertedRide(_ rows: [PostgresRow]) throws -> Ride {
        guard let row = rows.first else { throw RideRepositoryError.accountLocked }
        return try ride(from: row)
    }

    public func startNewRide(userID: UserID) async throws {
        try await database.transaction { transaction in
            try await Self.leaveEndedRidesBehind(userID: userID, in: transaction)
            try await transaction.execute("DELETE FROM ride_drafts WHERE user_id = \(userID.rawValue)")
        }
    }

    private static func leaveEndedRidesBehind(userID: UserID, in transaction: PostgresTransaction) async throws {
        try await transaction.execute(
            """
            UPDATE rides SET left_behind = TRUE
            WHERE user_id = \(userID.rawValue) AND NOT left_behind AND status IN ('finished', 'cancelled')
            """
        )
    }

    /// Newest first, a range of `rides_by_user` from the cursor: its cost is the page's whatever the history's.
    public func rides(userID: UserID, before: RideHistoryCursor?, limit: Int) async throws -> [Ride] {
        let limit = Int64(max(0, limit))
        let query: PostgresQuery
        if let before {
            query = """
                \(unescaped: Self.selectRides) WHERE r.user_id = \(userID.rawValue)
                AND (r.requested_at, r.id) < (\(before.requestedAtSeconds), \(before.rideID.rawValue))
                ORDER BY r.requested_at DESC, r.id DESC LIMIT \(limit)
                """
        } else {
            query = """
                \(unescaped: Self.selectRides) WHERE r.user_id = \(userID.rawValue)
                ORDER BY r.requested_at DESC, r.id DESC LIMIT \(limit)
                """
        }
        return try await database.query(query).map(Self.ride(from:))
    }

    public func ride(id: RideID) async throws -> Ride? {
        try await database.query(Self.rideSQL(id.rawValue)).first.map(Self.ride(from:))
    }

    private static func rideSQL(_ id: Int64) -> PostgresQuery {
        "\(unescaped: selectRides) WHERE r.id = \(id)"
    }

    public func events(rideID: RideID) async throws -> [RideEvent] {
        try await Self.events(try await database.query(Self.eventsSQL(rideID)))
    }

    static func eventsSQL(_ rideID: RideID) -> PostgresQuery {
        "SELECT status, at_ms FROM ride_events WHERE ride_id = \(rideID.rawValue)"
    }

    /// The events of `eventsSQL`'s rows, in the order they happened.
    static func events(_ rows: [PostgresRow]) throws -> [RideEvent] {
        try rows
            .map { row in
                let (status, atMilliseconds) = try row.decode((String, Int64).self)
                return RideEvent(
                    status: try Self.status(status), at: PostgresTime.date(milliseconds: atMilliseconds))
            }
            .sorted { $0.status < $1.status }
    }

    public func findingRides(rideOptionIDs: Set<String>, limit: Int) async throws -> [Ride] {
        guard !rideOptionIDs.isEmpty else { return [] }
        return try await database.query(
            """
            \(unescaped: Self.selectRides) WHERE r.status = 'finding' AND r.ride_option_id = ANY(\(rideOptionIDs.sorted()))
            ORDER BY r.requested_at, r.id LIMIT \(Int64(limit))
            """
        )
        .map(Self.ride(from:))
    }

    public func dueRides(at time: Date, limit: Int) async throws -> [Ride] {
        try await database.query(
            """
            \(unescaped: Self.selectRides)
            WHERE r.next_event_at_ms IS NOT NULL AND r.next_event_at_ms <= \(PostgresTime.milliseconds(time))
            ORDER BY r.next_event_at_ms LIMIT \(Int64(limit))
            """
        )
        .map(Self.ride(from:))
    }

    public func nextDueTime() async throws -> Date? {
        try await database.query(
            """
            SELECT next_event_at_ms FROM rides WHERE next_event_at_ms IS NOT NULL ORDER BY next_event_at_ms LIMIT 1
            """
        )
        .first.map { PostgresTime.date(milliseconds: try $0.decode(Int64.self)) }
    }

    /// In one transaction: the ride is changed only at the expected revision (else `nil`, nothing written), its events
    /// are added, and a freed animal is put where it stands. An assignment that would put an animal on a second ride
    /// breaks `rides_by_animal`: `nil` too, the transaction rolled back. A receipt to queue (`change.receipt`) is
    /// queued in the same transaction, at the ride's end, if the rider's email is confirmed; the rider's row is then
    /// read first
    /// (`FOR KEY SHARE`), so the change takes the locks in the order deleting the account does, users before rides.
    ///
    /// An assignment first reads its animal `FOR SHARE`, only if staff have not taken it out of service: marking it
    /// (`PostgresFleetServiceRepository`) updates that row, so the two wait for each other whatever the processes. A
    /// mark committed first is seen (the row is read again once the mark commits): `nil`, nothing written. An
    /// assignment that locked the row first commits before the mark is made: the animal finishes that ride.
    ///
    /// All of it is one prepared statement in a transaction of its own (`ApplyRideChange`, issue 45): one round trip.
    public func apply(_ change: RideChange) async throws -> Ride? {
        do {
            return try await database.execute(ApplyRideChange(change)).first.map(Self.ride(from:))
        } catch let error as PSQLError where error.isUniqueViolation {
            return nil  // the animal carries another ride now
        }
    }

    /// The id of the statement's transaction (assigned now if it has none), as a ride write stamps `changed_by`.
    static let thisTransaction = "pg_current_xact_id()::text::bigint"
    /// The oldest transaction that may still write to this database: every transaction below it that wrote here has
    /// ended, and every one in flight or still to come has this id or a greater one. It is the next id to be given
    /// (the snapshot's `xmax`, read first), or the oldest id a backend of this database still runs
    /// (`pg_stat_activity`, read after): only client backends write rides, and another database's transactions
    /// cannot write here, so a long one (or autovacuum's analyze) holds nothing back. A backend holds its transaction's 32-bit id, made whole from the next id's epoch. Should a
    /// backend of this database be another role's, whose transaction cannot be seen (without `pg_read_all_stats`),
    /// the oldest transaction of the whole server counts. Read in a statement of its own, before the changes are read
    /// at a later snapshot: a transaction of this database that ended after this statement's snapshot but before its
    /// look at the backends has committed before the next snapshot, so its change is in it.
    private func oldestWriter() async throws -> Int64 {
        let rows = try await database.query(
            """
            WITH now AS (
                SELECT pg_snapshot_xmax(pg_current_snapshot())::text::bigint AS next,
                    pg_snapshot_xmin(pg_current_snapshot())::text::bigint AS oldest_anywhere
            ), here AS (
                SELECT backend_xid::text::bigint AS xid, query = '<insufficient privilege>' AS unseen
                FROM pg_stat_activity WHERE datname = current_database() AND backend_type = 'client backend'
            )
            SELECT least(
                next,
                (SELECT min(next - ((next - xid) % 4294967296 + 4294967296) % 4294967296) FROM here),
                CASE WHEN EXISTS (SELECT 1 FROM here WHERE unseen) THEN oldest_anywhere END
            ) AS oldest
            FROM now
            """
        )
        return try rows.first?.decode(Int64.self) ?? 1
    }

    /// Two statements: the oldest transaction that may still write here (`oldestWriter`), then, at a later snapshot,
    /// the changes below it in `(changed_by, id)` order, and whether a change after the cursor is committed at or
    /// above it (held back).
    public func rideChanges(after cursor: RideChangeCursor, limit: Int) async throws -> RideChanges {
        let oldest = try await oldestWriter()
        let rows = try await database.query(
            """
            WITH page AS (
                SELECT \(unescaped: Self.rideColumns), r.changed_by FROM rides AS r
                JOIN places AS p ON p.id = r.dropoff_place_id
                WHERE (r.changed_by, r.id) > (\(cursor.position), \(cursor.rideID)) AND r.changed_by < \(oldest)
                ORDER BY r.changed_by, r.id LIMIT \(Int64(max(0, limit)))
            )
            SELECT page.*, EXISTS (
                SELECT 1 FROM rides WHERE changed_by >= \(oldest) AND changed_by >= \(cursor.position)
            ) AS held_back
            FROM (SELECT 1) AS one LEFT JOIN page ON TRUE
            ORDER BY page.changed_by, page.id
            """
        )
        var rides: [Ride] = []
        var last = cursor
        var heldBack = false
        for row in rows {
            let columns = row.makeRandomAccess()
            heldBack = try columns["held_back"].decode(Bool.self)
            guard let changedBy = try columns["changed_by"].decode(Int64?.self) else { continue }
            let ride = try Self.ride(from: row)
            rides.append(ride)
            last = RideChangeCursor(position: changedBy, rideID: ride.id.rawValue)
        }
        return RideChanges(rides: rides, cursor: last, heldBack: heldBack)
    }

    /// Just below the oldest transaction that may still write here: whatever any transaction still to end writes
    /// comes after it.
    public func latestRideChange() async throws -> RideChangeCursor {
        RideChangeCursor(position: max(try await oldestWriter(), 1) - 1, rideID: .max)
    }

    /// Rides with their drop-off place; callers append a `WHERE` (and `ORDER BY`) with `$n` bindings.
    static let selectRides = "SELECT \(rideColumns) FROM rides AS r JOIN places AS p ON p.id = r.dropoff_place_id"

    /// The columns `ride(from:)` reads, of a ride `r` and its drop-off place `p`.
    static let rideColumns = """
        r.id, r.user_id, r.pickup_latitude, r.pickup_longitude, r.ride_option_id, r.fare_cents,
        r.requested_at, r.status, r.clock_rate, r.animal_id, r.animal_name, r.assigned_at_ms,
        r.start_latitude, r.start_longitude, r.ended_at_ms, r.left_behind, r.revision, r.cancelled_by_koober,
        p.id AS place_id, p.name AS place_name, p.latitude AS place_latitude, p.longitude AS place_longitude
        """

    private static func status(_ text: String) throws -> RideStatus {
        guard let status = RideStatus(rawValue: text) else {
            throw PostgresStoreError.invalidValue("\(text) is not a ride status")
        }
        return status
    }

    /// A ride from a row of `selectRides` (or of `rideColumns` beside other columns).
    static func ride(from row: PostgresRow) throws -> Ride {
        let columns = row.makeRandomAccess()
        func value<T: PostgresDecodable>(_ column: String, _: T.Type = T.self) throws -> T {
            try columns[column].decode(T.self)
        }
        let assignment: RideAssignment? = try value("animal_id", Int64?.self).map { animalID in
            RideAssignment(
                animalID: AnimalID(animalID),
                animalName: try value("animal_name"),
                assignedAt: PostgresTime.date(milliseconds: try value("assigned_at_ms")),
                start: Location(latitude: try value("start_latitude"), longitude: try value("start_longitude"))
            )
        }
        return Ride(
            id: RideID(try value("id")),
            userID: UserID(try value("user_id")),
            pickup: Location(latitude: try value("pickup_latitude"), longitude: try value("pickup_longitude")),
            dropoff: NamedLocation(
                id: PlaceID(try value("place_id")),
                name: try value("place_name"),
                location: Location(latitude: try value("place_latitude"), longitude: try value("place_longitude"))
            ),
            rideOptionID: try value("ride_option_id"),
            fareCents: Cents(Int(try value("fare_cents", Int64.self))),
            requestedAt: PostgresTime.date(seconds: try value("requested_at")),
            status: try status(try value("status")),
            clockRate: try value("clock_rate"),
            assignment: assignment,
            endedAt: try value("ended_at_ms", Int64?.self).map(PostgresTime.date(milliseconds:)),
            revision: try value("revision"),
            cancelledByKoober: try value("cancelled_by_koober")
        )
    }

    /// What a foreign-key refusal means: a missing place is `unknownPlace`; a missing user stays the server's error.
    private static func foreignKeyRefusal(_ error: PSQLError) -> any Error {
        error.constraintName?.contains("place") == true ? RideRepositoryError.unknownPlace : error
    }
}
