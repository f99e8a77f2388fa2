import Foundation
import KooberKit
import PostgresNIO

/// Rides booked for later (`scheduled_rides`), with their drop-off place; they go when their rider does
/// (`ON DELETE CASCADE`).
///
/// A booking locks its rider's row (`FOR NO KEY UPDATE`) before it reads the rider's other bookings, so two bookings
/// of one rider at once are checked one after the other. A start claims its booking with `FOR UPDATE SKIP LOCKED`
/// while it is still upcoming: a process that finds it held by another moves on, and one that gets it after the
/// other's commit finds it no longer upcoming; so with any number of processes each booking starts once.
public struct PostgresScheduledRideRepository: ScheduledRideRepository {
    private let database: PostgresDatabase

    public init(database: PostgresDatabase) {
        self.database = database
    }

    /// Throws `ScheduledRideRefusal.tooManyUpcoming` or `.tooClose`, `RideRepositoryError.unknownPlace`, and the
    /// server's error for an unknown user, a forged option, a negative fare or a clock rate that is not positive.
    public func book(_ booking: NewScheduledRide) async throws -> ScheduledRide {
        try await database.transaction { transaction in
            let locked = try await transaction.query(
                "SELECT locked_at IS NOT NULL FROM users WHERE id = \(booking.userID.rawValue) FOR NO KEY UPDATE")
            if try locked.first?.decode(Bool.self) == true { throw RideRepositoryError.accountLocked }
            let upcoming = try await Self.upcoming(userID: booking.userID, in: transaction).map(\.pickupAt)
            let pickupAt = PostgresTime.date(milliseconds: PostgresTime.milliseconds(booking.pickupAt))
            if let refusal = ScheduledRidePolicy.refusal(pickupAt: pickupAt, among: upcoming) { throw refusal }
            let place = try await transaction.query("SELECT 1 FROM places WHERE id = \(booking.dropoffID.rawValue)")
            guard !place.isEmpty else { throw RideRepositoryError.unknownPlace }
            try await transaction.execute(
                "DELETE FROM scheduled_rides WHERE user_id = \(booking.userID.rawValue) AND status = 'cancelled'")
            let inserted = try await transaction.query(
                """
                INSERT INTO scheduled_rides (
                    user_id, pickup_latitude, pickup_longitude, dropoff_place_id, ride_option_id, fare_cents,
                    pickup_at_ms, booked_at_ms, clock_rate, start_at_ms, miss_at_ms
                ) VALUES (
                    \(booking.userID.rawValue), \(booking.pickup.latitude), \(booking.pickup.longitude), \
                    \(booking.dropoffID.rawValue), \(booking.rideOptionID), \(Int64(booking.fareCents.value)), \
                    \(PostgresTime.milliseconds(booking.pickupAt)), \(PostgresTime.milliseconds(booking.bookedAt)), \
                    \(booking.clockRate), \(PostgresTime.milliseconds(booking.startAt)), \
                    \(PostgresTime.milliseconds(booking.missAt))
                )
                RETURNING id
                """
            )
            let id = ScheduledRideID(try inserted[0].decode(Int64.self))
            try await PostgresMailQueue.queue(
                .scheduledRide(.scheduledRideBooked, id: id), for: booking.userID, at: booking.bookedAt,
                onlyIfConfirmed: true, in: transaction)
            try await PostgresChanges.notifyRidesChanged(in: transaction)
            return try await Self.scheduledRide(id: id, in: transaction)!
        }
    }

    public func upcoming(userID: UserID) async throws -> [ScheduledRide] {
        try await database.query(Self.upcomingQuery(userID: userID)).map(Self.scheduledRide(from:))
    }

    private static func upcoming(userID: UserID, in transaction: PostgresTransaction) async throws -> [ScheduledRide] {
        try await transaction.query(upcomingQuery(userID: userID)).map(scheduledRide(from:))
    }

    /// The rider's upcoming rides, soonest first (`scheduled_rides_by_user`).
    private static func upcomingQuery(userID: UserID) -> PostgresQuery {
        """
        \(unescaped: selectScheduledRides) WHERE s.user_id = \(userID.rawValue) AND s.status = 'upcoming'
        ORDER BY s.pickup_at_ms, s.id
        """
    }

    public func scheduledRide(id: ScheduledRideID) async throws -> ScheduledRide? {
        try await database.query(Self.byID(id)).first.map(Self.scheduledRide(from:))
    }

    private static func scheduledRide(id: ScheduledRideID, in transaction: PostgresTransaction) async throws
        -> ScheduledRide?
    {
        try await transaction.query(byID(id)).first.map(scheduledRide(from:))
    }

    private static func byID(_ id: ScheduledRideID) -> PostgresQuery {
        "\(unescaped: selectScheduledRides) WHERE s.id = \(id.rawValue)"
    }

    public func cancel(id: ScheduledRideID, userID: UserID) async throws {
        let rows = try await database.query(
            """
            WITH cancelled AS (
                UPDATE scheduled_rides SET status = 'cancelled'
                WHERE id = \(id.rawValue) AND user_id = \(userID.rawValue) AND status = 'upcoming'
                RETURNING id
            )
            SELECT (SELECT count(*) FROM cancelled) AS cancelled, s.status
            FROM scheduled_rides AS s WHERE s.id = \(id.rawValue) AND s.user_id = \(userID.rawValue)
            """
        )
        guard let row = rows.first else { throw ScheduledRideRepositoryError.notFound }
        let (cancelled, _) = try row.decode((Int64, String).self)
        guard cancelled == 1 else { throw ScheduledRideRepositoryError.notUpcoming }
    }

    public func due(at time: Date, limit: Int) async throws -> [ScheduledRide] {
        try await database.query(
            """
            \(unescaped: Self.selectScheduledRides)
            WHERE s.status = 'upcoming' AND s.start_at_ms <= \(PostgresTime.milliseconds(time))
            ORDER BY s.start_at_ms, s.id LIMIT \(Int64(max(0, limit)))
            """
        )
        .map(Self.scheduledRide(from:))
    }

    public func start(_ id: ScheduledRideID, at time: Date) async throws -> ScheduledRideStart {
        do {
            return try await database.transaction { transaction in
                // The booking and whether its rider has a ride in progress, in one trip.
                let claimed = try await transaction.query(
                    """
                    \(unescaped: Self.scheduledRideColumns), EXISTS (
                        SELECT 1 FROM rides AS r WHERE r.user_id = s.user_id
                        AND r.status IN ('finding', 'on_the_way', 'arrived', 'riding')
                    ) AS rider_busy
                    \(unescaped: Self.fromScheduledRides)
                    WHERE s.id = \(id.rawValue) AND s.status = 'upcoming' FOR UPDATE OF s SKIP LOCKED
                    """
                )
                guard let row = claimed.first else { return .notUpcoming }
                let decision = ScheduledStartDecision(
                    try Self.scheduledRide(from: row),
                    riderHasRideInProgress: try row.makeRandomAccess()["rider_busy"].decode(Bool.self), at: time)
                return try await Self.apply(decision, to: id, at: time, in: transaction)
            }
        } catch let error as PSQLError where error.isUniqueViolation {
            return .waiting  // the rider's own Confirm stored a ride in progress since the check: try again later
        }
    }

    /// The due bookings, read at once, then each started in a transaction of its own (`start(_:at:)`: claimed
    /// `FOR UPDATE SKIP LOCKED`, so one another process is starting is skipped, not waited for, and a booking whose
    /// rider's own Confirm wins the race waits alone). Not one transaction for the batch (before issue 45): a batch of
    /// 100 starts held its transaction open for seconds under load, and the streams of every process hear of ride
    /// changes only once the transactions before them have ended (`PostgresRideRepository`).
    public func startDue(at time: Date, limit: Int) async throws -> [ScheduledRideStart] {
        var outcomes: [ScheduledRideStart] = []
        for booking in try await due(at: time, limit: limit) {
            outcomes.append(try await start(booking.id, at: time))
        }
        return outcomes
    }

    /// Does what `decision` says for the booking `id`, claimed as upcoming in this transaction: a ride stored as a
    /// request's (`insertRide`), then the booking marked and its mail queued (to a confirmed email, as
    /// `PostgresMailQueue.queue` would) in one statement.
    private static func apply(
        _ decision: ScheduledStartDecision, to id: ScheduledRideID, at time: Date, in transaction: PostgresTransaction
    ) async throws -> ScheduledRideStart {
        let (outcome, status): (ScheduledRideStart, ScheduledRideStatus)
        switch decision {
        case .wait:
            return .waiting
        case .miss:
            (outcome, status) = (.missed, .missed)
        case .start(let request):
            let ride = try await PostgresRideRepository.insertRide(request, in: transaction)
            (outcome, status) = (.started(ride), .started(ride.id))
        }
        let rideID: Int64? = if case .started(let rideID) = status { rideID.rawValue } else { nil }
        let mail = decision.mail(about: id)
        let due = PostgresTime.milliseconds(time)
        try await transaction.execute(
            """
            WITH marked AS (
                UPDATE scheduled_rides SET status = \(status.storedName), ride_id = coalesce(\(rideID)::BIGINT, ride_id)
                WHERE id = \(id.rawValue) RETURNING user_id
            )
            INSERT INTO mail_outbox (kind, user_id, message_id, ride_id, scheduled_ride_id, queued_at_ms, next_attempt_at_ms)
            SELECT \(mail?.kind.rawValue)::TEXT, u.id, \(mail?.messageID)::TEXT, \(mail?.subject.rideID?.rawValue)::BIGINT, \
            \(mail?.subject.scheduledRideID?.rawValue)::BIGINT, \(due), \(due)
            FROM marked JOIN users AS u ON u.id = marked.user_id
            WHERE \(mail != nil) AND u.email_confirmed_at_ms IS NOT NULL
            """
        )
        return outcome
    }

    public func nextStartTime(after time: Date) async throws -> Date? {
        let now = PostgresTime.milliseconds(time)
        return try await database.query(
            """
            SELECT min(CASE WHEN start_at_ms > \(now) THEN start_at_ms ELSE miss_at_ms END)
            FROM scheduled_rides WHERE status = 'upcoming'
            """
        )
        .first?.decode(Int64?.self).map(PostgresTime.date(milliseconds:))
    }

    private static let selectScheduledRides = "\(scheduledRideColumns) \(fromScheduledRides)"

    private static let scheduledRideColumns = """
        SELECT s.id, s.user_id, s.pickup_latitude, s.pickup_longitude, s.ride_option_id, s.fare_cents,
               s.pickup_at_ms, s.booked_at_ms, s.clock_rate, s.status, s.ride_id,
               p.id AS place_id, p.name AS place_name, p.latitude AS place_latitude, p.longitude AS place_longitude
        """

    private static let fromScheduledRides = "FROM scheduled_rides AS s JOIN places AS p ON p.id = s.dropoff_place_id"

    private static func scheduledRide(from row: PostgresRow) throws -> ScheduledRide {
        let columns = row.makeRandomAccess()
        func value<T: PostgresDecodable>(_ column: String, _: T.Type = T.self) throws -> T {
            try columns[column].decode(T.self)
        }
        let name: String = try value("status")
        guard
            let status = ScheduledRideStatus(
                storedName: name, rideID: try value("ride_id", Int64?.self).map(RideID.init))
        else { throw PostgresStoreError.invalidValue("\(name) is not a scheduled ride status") }
        return ScheduledRide(
            id: ScheduledRideID(try value("id")),
            userID: UserID(try value("user_id")),
            pickup: Location(latitude: try value("pickup_latitude"), longitude: try value("pickup_longitude")),
            dropoff: NamedLocation(
                id: PlaceID(try value("place_id")), name: try value("place_name"),
                location: Location(latitude: try value("place_latitude"), longitude: try value("place_longitude"))),
            rideOptionID: try value("ride_option_id"),
            fareCents: Cents(Int(try value("fare_cents", Int64.self))),
            pickupAt: PostgresTime.date(milliseconds: try value("pickup_at_ms")),
            bookedAt: PostgresTime.date(milliseconds: try value("booked_at_ms")),
            clockRate: try value("clock_rate"),
            status: status)
    }
}
