import KooberKit
import PostgresNIO

/// The statements of every signed-in page, prepared once per connection and run by name after that
/// (`PostgresDatabase.execute`): the server parses and plans them once instead of at every request. Their rows are
/// decoded by the repositories, as those of `PostgresQuery`s are. Each has a fixed `name` (postgres-nio's default is
/// made from the type at every execution).
protocol PostgresPageStatement: PostgresPreparedStatement where Row == PostgresRow {}

extension PostgresPageStatement {
    func decodeRow(_ row: PostgresRow) throws -> PostgresRow { row }
}

/// A page statement whose one parameter, `$1`, is the hash of a session's token.
protocol PostgresTokenHashStatement: PostgresPageStatement {
    var tokenHash: SessionTokenHash { get }
}

extension PostgresTokenHashStatement {
    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 1)
        bindings.append(tokenHash.hex)
        return bindings
    }
}

/// A session and its user, by the hash of its token (every signed-in request).
struct SessionByTokenHash: PostgresTokenHashStatement {
    static let name = "koober_session_by_token_hash"
    static let sql = """
        SELECT \(columns) FROM sessions AS s JOIN users AS u ON u.id = s.user_id WHERE s.token_hash = $1
        """
    /// What `PostgresUserSessionRepository.session(from:)` reads, of a session `s` and its user `u`; the user's id is
    /// `session_user_id`, as a ride's own columns, joined beside them (`SessionWithRideStateByTokenHash`), have an `id`.
    static let columns = """
        s.token_hash, s.kind, s.created_at, s.last_seen_at, u.id AS session_user_id, u.name, u.nickname, u.email,
        u.mobile_number, u.language
        """
    let tokenHash: SessionTokenHash
}

/// Records that a session was used (`SessionPolicy` says when).
struct TouchSession: PostgresPageStatement {
    static let name = "koober_touch_session"
    static let sql = "UPDATE sessions SET last_seen_at = $1 WHERE token_hash = $2"
    let tokenHash: SessionTokenHash
    let lastSeenAt: Int64

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 2)
        bindings.append(lastSeenAt)
        bindings.append(tokenHash.hex)
        return bindings
    }
}

/// The rider's newest ride (all NULL without one) beside their chosen drop-off (`draft_`, NULL without one), at one
/// moment: pick-me-up and the live ride (`RideRepository.rideState`).
struct RideStateOfUser: PostgresPageStatement {
    static let name = "koober_ride_state_of_user"
    static let sql = "SELECT \(columns) FROM (SELECT 1) AS one \(joins(userID: "$1"))"
    /// What `PostgresRideRepository.rideState(from:)` reads.
    static let columns = """
        f.*, d.id AS draft_id, d.name AS draft_name, d.latitude AS draft_latitude, d.longitude AS draft_longitude,
        fa.rating_sum AS animal_rating_sum, fa.rating_count AS animal_rating_count,
        fs.user_id AS share_user_id, fs.token_hash AS share_token_hash, fs.salt AS share_salt,
        fs.created_at AS share_created_at
        """

    /// The newest ride `f` and the draft `d` of the user whose id is `userID` (a parameter or a column).
    static func joins(userID: String) -> String {
        """
        LEFT JOIN LATERAL (\(PostgresRideRepository.selectRides) WHERE r.user_id = \(userID)
            ORDER BY r.requested_at DESC, r.id DESC LIMIT 1) AS f ON TRUE
        LEFT JOIN animals AS fa ON fa.id = f.animal_id
        LEFT JOIN ride_shares AS fs ON fs.ride_id = f.id
        LEFT JOIN LATERAL (SELECT p.id, p.name, p.latitude, p.longitude
            FROM ride_drafts AS rd JOIN places AS p ON p.id = rd.place_id
            WHERE rd.user_id = \(userID)) AS d ON TRUE
        """
    }

    let userID: UserID

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 1)
        bindings.append(userID.rawValue)
        return bindings
    }
}

/// A session, its user and the user's ride state, by the hash of its token: pick-me-up's page in one trip
/// (`PostgresSessionRideStateRepository`).
struct SessionWithRideStateByTokenHash: PostgresTokenHashStatement {
    static let name = "koober_session_with_ride_state_by_token_hash"
    static let sql = """
        SELECT \(SessionByTokenHash.columns), \(RideStateOfUser.columns)
        FROM sessions AS s JOIN users AS u ON u.id = s.user_id
        \(RideStateOfUser.joins(userID: "s.user_id"))
        WHERE s.token_hash = $1
        """
    let tokenHash: SessionTokenHash
}

/// A ride request as one statement (`PostgresRideRepository.requestRide`, and a scheduled ride's start inside its
/// transaction), its parts in the order the other writers take their locks (see `PostgresRideRepository`'s notes): the
/// rider's row `FOR SHARE` (Koober Ops' lock waits for it, and it for a lock in flight; a locked account inserts
/// nothing and returns no row), the rider's earlier rides left behind and the draft cleared, then the ride stamped
/// with the next revision and its transaction, its `finding` event, and the notification to the other processes. A
/// missing place or user fails the insert on its foreign key, a ride in progress on `rides_in_progress`, and then
/// nothing is written. Prepared (issue 45): planning it took half its server time at every request.
struct InsertRide: PostgresPageStatement {
    static let name = "koober_insert_ride"
    static let sql = """
        WITH rider AS (
            SELECT locked_at IS NOT NULL AS locked FROM users WHERE id = $1::BIGINT FOR SHARE
        ), open AS (
            SELECT NOT EXISTS (SELECT 1 FROM rider WHERE locked) AS ok
        ), behind AS (
            UPDATE rides SET left_behind = TRUE
            WHERE user_id = $1::BIGINT AND NOT left_behind AND (SELECT ok FROM open)
            RETURNING id
        ), drafted AS (
            DELETE FROM ride_drafts WHERE user_id = $1::BIGINT AND (SELECT ok FROM open) RETURNING user_id
        ), r AS (
            INSERT INTO rides (
                user_id, pickup_latitude, pickup_longitude, dropoff_place_id, ride_option_id, fare_cents,
                requested_at, status, clock_rate, revision, changed_by
            )
            SELECT $1::BIGINT, $2::DOUBLE PRECISION, $3::DOUBLE PRECISION, $4::BIGINT, $5::TEXT, $6::BIGINT,
                $7::BIGINT, 'finding', $8::DOUBLE PRECISION, nextval('ride_revisions'), \
        \(PostgresRideRepository.thisTransaction)
            WHERE (SELECT ok FROM open) AND (SELECT count(*) FROM behind) >= 0 AND (SELECT count(*) FROM drafted) >= 0
            RETURNING *
        ), event AS (
            INSERT INTO ride_events (ride_id, status, at_ms) SELECT id, 'finding', $9::BIGINT FROM r
        )
        SELECT pg_notify('\(PostgresChanges.channel)', 'rides') AS notified, \(PostgresRideRepository.rideColumns)
        FROM r JOIN places AS p ON p.id = r.dropoff_place_id
        """
    let request: NewRideRequest

    init(_ request: NewRideRequest) {
        self.request = request
    }

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 9)
        bindings.append(request.userID.rawValue)
        bindings.append(request.pickup.latitude)
        bindings.append(request.pickup.longitude)
        bindings.append(request.dropoffID.rawValue)
        bindings.append(request.rideOptionID)
        bindings.append(Int64(request.fareCents.value))
        bindings.append(PostgresTime.seconds(request.requestedAt))
        bindings.append(request.clockRate)
        bindings.append(PostgresTime.milliseconds(request.requestedAt))
        return bindings
    }
}

/// `PostgresRideRepository.apply` as one statement, taking its locks in the order the other writers take them: the
/// rider's row `FOR KEY SHARE` (with a receipt to queue: users before rides, as deleting the account), the animal
/// `FOR SHARE` (an assignment, only if it is not out of service), the ride's row `FOR UPDATE` at the expected revision;
/// the ride is changed and stamped with the next revision and its transaction, its events added, a freed animal put
/// where it stands, the receipt queued (at the ride's end, only to a confirmed email: `PostgresMailQueue.queue`'s
/// rule), the other processes notified. A ride no longer at the revision, or an animal taken out of service, changes
/// nothing and returns no row. Prepared (issue 45): planning it took more of the server's time than running it.
struct ApplyRideChange: PostgresPageStatement {
    static let name = "koober_apply_ride_change"
    static let sql = """
        WITH rider AS (
            SELECT 1 FROM users WHERE $18::TEXT IS NOT NULL
                AND id = (SELECT user_id FROM rides WHERE id = $1::BIGINT) FOR KEY SHARE
        ), usable AS (
            SELECT 1 FROM animals WHERE id = $2::BIGINT AND NOT out_of_service FOR SHARE
        ), target AS (
            SELECT id FROM rides
            WHERE id = $1::BIGINT AND revision = $3::BIGINT AND (SELECT count(*) FROM rider) >= 0
                AND ($2::BIGINT IS NULL OR EXISTS (SELECT 1 FROM usable))
            FOR UPDATE
        ), r AS (
            UPDATE rides SET
                status = $4::TEXT,
                next_event_at_ms = $5::BIGINT,
                ended_at_ms = $6::BIGINT,
                animal_id = coalesce($2::BIGINT, animal_id),
                animal_name = coalesce($7::TEXT, animal_name),
                assigned_at_ms = coalesce($8::BIGINT, assigned_at_ms),
                start_latitude = coalesce($9::DOUBLE PRECISION, start_latitude),
                start_longitude = coalesce($10::DOUBLE PRECISION, start_longitude),
                cancelled_by_koober = $11::BOOLEAN,
                revision = nextval('ride_revisions'),
                changed_by = \(PostgresRideRepository.thisTransaction)
            WHERE id = (SELECT id FROM target)
            RETURNING *
        ), events AS (
            INSERT INTO ride_events (ride_id, status, at_ms)
            SELECT r.id, e.status, e.at_ms
            FROM r CROSS JOIN unnest($12::TEXT[], $13::BIGINT[]) AS e (status, at_ms)
            ON CONFLICT (ride_id, status) DO NOTHING
        ), freed AS (
            UPDATE animals SET latitude = $14::DOUBLE PRECISION, longitude = $15::DOUBLE PRECISION, cell = $16::BIGINT
            WHERE id = $17::BIGINT AND EXISTS (SELECT 1 FROM r)
        ), mailed AS (
            INSERT INTO mail_outbox (
                kind, user_id, message_id, ride_id, scheduled_ride_id, queued_at_ms, next_attempt_at_ms
            )
            SELECT $18::TEXT, u.id, $19::TEXT, $20::BIGINT, $21::BIGINT, $22::BIGINT, $22::BIGINT
            FROM r JOIN users AS u ON u.id = r.user_id
            WHERE $18::TEXT IS NOT NULL AND u.email_confirmed_at_ms IS NOT NULL
        )
        SELECT pg_notify('\(PostgresChanges.channel)', 'rides') AS notified, \(PostgresRideRepository.rideColumns)
        FROM r JOIN places AS p ON p.id = r.dropoff_place_id
        """
    let change: RideChange

    init(_ change: RideChange) {
        self.change = change
    }

    func makeBindings() throws -> PostgresBindings {
        let assignment = change.assignment
        let freed = change.freedAnimal
        // A receipt is queued at the ride's end only.
        let receipt = change.endedAt == nil ? nil : change.receipt
        var bindings = PostgresBindings(capacity: 22)
        bindings.append(change.rideID.rawValue)
        bindings.append(assignment?.animalID.rawValue)
        bindings.append(change.expectedRevision)
        bindings.append(change.status.rawValue)
        bindings.append(change.nextEventAt.map(PostgresTime.milliseconds))
        bindings.append(change.endedAt.map(PostgresTime.milliseconds))
        bindings.append(assignment?.animalName)
        bindings.append(assignment.map { PostgresTime.milliseconds($0.assignedAt) })
        bindings.append(assignment?.start.latitude)
        bindings.append(assignment?.start.longitude)
        bindings.append(change.cancelledByKoober)
        bindings.append(change.events.map(\.status.rawValue))
        bindings.append(change.events.map { PostgresTime.milliseconds($0.at) })
        bindings.append(freed?.location.latitude)
        bindings.append(freed?.location.longitude)
        bindings.append(freed.map { FleetGrid.cell(of: $0.location) })
        bindings.append(freed?.id.rawValue)
        bindings.append(receipt?.kind.rawValue)
        bindings.append(receipt?.messageID)
        bindings.append(receipt?.subject.rideID?.rawValue)
        bindings.append(receipt?.subject.scheduledRideID?.rawValue)
        bindings.append(change.endedAt.map(PostgresTime.milliseconds))
        return bindings
    }
}
