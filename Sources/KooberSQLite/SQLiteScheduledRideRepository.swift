import Foundation
import KooberKit

/// Rides booked for later (`scheduled_rides`), with their drop-off place; they go when their rider does
/// (`ON DELETE CASCADE`).
///
/// Each write is one write transaction, and SQLite has one writer at a time: a booking's check of the rider's other
/// bookings and its insert cannot be split by another booking, and a start reads the booking as upcoming and changes
/// it with nothing between, so with any number of processes on one file each booking starts once.
public struct SQLiteScheduledRideRepository: ScheduledRideRepository {
    private let database: SQLiteDatabase

    public init(database: SQLiteDatabase) {
        self.database = database
    }

    /// Throws `ScheduledRideRefusal.tooManyUpcoming` or `.tooClose`, `RideRepositoryError.unknownPlace`, and
    /// `SQLiteError.constraint` for an unknown user, a forged option, a negative fare or a clock rate that is not
    /// positive.
    public func book(_ booking: NewScheduledRide) async throws -> ScheduledRide {
        try await database.write { connection in
            try SQLiteRiderAccountRepository.refuseIfLocked(booking.userID, on: connection)
            let upcoming = try Self.upcoming(userID: booking.userID, on: connection).map(\.pickupAt)
            let pickupAt = Date(timeIntervalSince1970: (booking.pickupAt.timeIntervalSince1970 * 1000).rounded() / 1000)
            if let refusal = ScheduledRidePolicy.refusal(pickupAt: pickupAt, among: upcoming) { throw refusal }
            guard try SQLitePlaceRepository.place(id: booking.dropoffID, on: connection) != nil else {
                throw RideRepositoryError.unknownPlace
            }
            let id = try connection.query(
                """
                INSERT INTO scheduled_rides (
                    user_id, pickup_latitude, pickup_longitude, dropoff_place_id, ride_option_id, fare_cents,
                    pickup_at_ms, booked_at_ms, clock_rate, start_at_ms, miss_at_ms
                ) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                RETURNING id
                """,
                [
                    .integer(booking.userID.rawValue), .real(booking.pickup.latitude), .real(booking.pickup.longitude),
                    .integer(booking.dropoffID.rawValue), .text(booking.rideOptionID),
                    .integer(Int64(booking.fareCents.value)), .unixMilliseconds(booking.pickupAt),
                    .unixMilliseconds(booking.bookedAt), .real(booking.clockRate), .unixMilliseconds(booking.startAt),
                    .unixMilliseconds(booking.missAt),
                ]
            )[0].int64("id")
            // After the insert: its id is then above the deleted ones', so an id never comes back (`INTEGER PRIMARY
            // KEY` takes the highest id + 1), and a stale tab's Cancel of a deleted booking finds nothing.
            _ = try connection.execute(
                "DELETE FROM scheduled_rides WHERE user_id = ? AND status = 'cancelled'",
                [.integer(booking.userID.rawValue)])
            try Self.queueIfConfirmed(
                .scheduledRide(.scheduledRideBooked, id: ScheduledRideID(id)), for: booking.userID,
                at: booking.bookedAt, on: connection)
            return try Self.scheduledRide(id: id, on: connection)!
        }
    }

    public func upcoming(userID: UserID) async throws -> [ScheduledRide] {
        try await database.read { connection in try Self.upcoming(userID: userID, on: connection) }
    }

    private static func upcoming(userID: UserID, on connection: SQLiteConnection) throws -> [ScheduledRide] {
        try connection.query(
            selectScheduledRides + " WHERE s.user_id = ? AND s.status = 'upcoming' ORDER BY s.pickup_at_ms, s.id",
            [.integer(userID.rawValue)]
        )
        .map(scheduledRide(from:))
    }

    public func scheduledRide(id: ScheduledRideID) async throws -> ScheduledRide? {
        try await database.read { connection in try Self.scheduledRide(id: id.rawValue, on: connection) }
    }

    private static func scheduledRide(id: Int64, on connection: SQLiteConnection) throws -> ScheduledRide? {
        try connection.query(selectScheduledRides + " WHERE s.id = ?", [.integer(id)]).first.map(scheduledRide(from:))
    }

    public func cancel(id: ScheduledRideID, userID: UserID) async throws {
        try await database.write { connection in
            let changed = try connection.execute(
                "UPDATE scheduled_rides SET status = 'cancelled' WHERE id = ? AND user_id = ? AND status = 'upcoming'",
                [.integer(id.rawValue), .integer(userID.rawValue)]
            )
            guard changed == 0 else { return }
            let exists = try connection.query(
                "SELECT 1 FROM scheduled_rides WHERE id = ? AND user_id = ?",
                [.integer(id.rawValue), .integer(userID.rawValue)])
            throw exists.isEmpty ? ScheduledRideRepositoryError.notFound : .notUpcoming
        }
    }

    public func due(at time: Date, limit: Int) async throws -> [ScheduledRide] {
        try await database.read { connection in try Self.due(at: time, limit: limit, on: connection) }
    }

    private static func due(at time: Date, limit: Int, on connection: SQLiteConnection) throws -> [ScheduledRide] {
        try connection.query(
            selectScheduledRides
                + " WHERE s.status = 'upcoming' AND s.start_at_ms <= ? ORDER BY s.start_at_ms, s.id LIMIT ?",
            [.unixMilliseconds(time), .integer(Int64(max(0, limit)))]
        )
        .map(scheduledRide(from:))
    }

    public func start(_ id: ScheduledRideID, at time: Date) async throws -> ScheduledRideStart {
        try await database.write { connection in
            guard let booking = try Self.scheduledRide(id: id.rawValue, on: connection), booking.status == .upcoming
            else { return .notUpcoming }
            return try Self.start(booking, at: time, on: connection)
        }
    }

    /// One write transaction for the batch: SQLite's one writer keeps each booking as read until it is changed.
    public func startDue(at time: Date, limit: Int) async throws -> [ScheduledRideStart] {
        try await database.write { connection in
            try Self.due(at: time, limit: limit, on: connection).map { try Self.start($0, at: time, on: connection) }
        }
    }

    /// Starts `booking`, read as upcoming in this write transaction, or leaves it waiting, or misses it: as
    /// `ScheduledStartDecision` decides from whether its rider has a ride in progress.
    private static func start(_ booking: ScheduledRide, at time: Date, on connection: SQLiteConnection) throws
        -> ScheduledRideStart
    {
        let id = booking.id
        let inProgress = try connection.query(
            """
            SELECT 1 FROM rides WHERE user_id = ? AND status IN ('finding', 'on_the_way', 'arrived', 'riding')
            """,
            [.integer(booking.userID.rawValue)])
        let decision = ScheduledStartDecision(booking, riderHasRideInProgress: !inProgress.isEmpty, at: time)
        let outcome: ScheduledRideStart
        switch decision {
        case .wait:
            return .waiting
        case .miss:
            try connection.execute("UPDATE scheduled_rides SET status = 'missed' WHERE id = ?", [.integer(id.rawValue)])
            outcome = .missed
        case .start(let request):
            let ride = try SQLiteRideRepository.insertRide(request, on: connection)
            try connection.execute(
                "UPDATE scheduled_rides SET status = 'started', ride_id = ? WHERE id = ?",
                [.integer(ride.id.rawValue), .integer(id.rawValue)])
            outcome = .started(ride)
        }
        if let mail = decision.mail(about: id) {
            try queueIfConfirmed(mail, for: booking.userID, at: time, on: connection)
        }
        return outcome
    }

    public func nextStartTime(after time: Date) async throws -> Date? {
        try await database.read { connection in
            try connection.query(
                """
                SELECT min(CASE WHEN start_at_ms > ? THEN start_at_ms ELSE miss_at_ms END) AS next_at_ms
                FROM scheduled_rides WHERE status = 'upcoming'
                """,
                [.unixMilliseconds(time)]
            )
            .first.flatMap { row in try row.optional("next_at_ms", row.millisecondsDate) }
        }
    }

    /// Queues `mail` for the rider if their email is confirmed (as a receipt is).
    private static func queueIfConfirmed(
        _ mail: OutgoingMail, for userID: UserID, at time: Date, on connection: SQLiteConnection
    ) throws {
        try SQLiteAccountLinkRepository.queueIfConfirmed(mail, for: .user(userID), at: time, on: connection)
    }

    private static let selectScheduledRides = """
        SELECT s.id, s.user_id, s.pickup_latitude, s.pickup_longitude, s.ride_option_id, s.fare_cents,
               s.pickup_at_ms, s.booked_at_ms, s.clock_rate, s.status, s.ride_id,
               p.id AS place_id, p.name AS place_name, p.latitude AS place_latitude, p.longitude AS place_longitude
        FROM scheduled_rides AS s JOIN places AS p ON p.id = s.dropoff_place_id
        """

    private static func scheduledRide(from row: SQLiteRow) throws -> ScheduledRide {
        let name = try row.string("status")
        guard
            let status = ScheduledRideStatus(
                storedName: name, rideID: try row.optional("ride_id", row.int64).map(RideID.init))
        else {
            throw SQLiteError.typeMismatch(column: "status", expected: "a scheduled ride status", found: .text(name))
        }
        return ScheduledRide(
            id: ScheduledRideID(try row.int64("id")),
            userID: UserID(try row.int64("user_id")),
            pickup: Location(
                latitude: try row.double("pickup_latitude"), longitude: try row.double("pickup_longitude")),
            dropoff: NamedLocation(
                id: PlaceID(try row.int64("place_id")), name: try row.string("place_name"),
                location: Location(
                    latitude: try row.double("place_latitude"), longitude: try row.double("place_longitude"))),
            rideOptionID: try row.string("ride_option_id"),
            fareCents: Cents(try row.int("fare_cents")),
            pickupAt: try row.millisecondsDate("pickup_at_ms"),
            bookedAt: try row.millisecondsDate("booked_at_ms"),
            clockRate: try row.double("clock_rate"),
            status: status)
    }
}
