import KooberKit

/// Koober's tables, as numbered migrations. Add a migration to change the schema; never edit one that shipped.
///
/// Times are INTEGER unix seconds (`SQLiteValue.unixSeconds`): exact to the second. Emails are stored
/// normalised (trimmed, lower-cased) and are also compared `NOCASE`, so case alone never makes two accounts.
public enum KooberSchema {
    public static let migrations: [Migration] = [
        Migration(
            version: 1,
            sql: """
                CREATE TABLE users (
                    id INTEGER PRIMARY KEY,
                    name TEXT NOT NULL,
                    nickname TEXT NOT NULL,
                    email TEXT NOT NULL UNIQUE COLLATE NOCASE,
                    mobile_number TEXT NOT NULL,
                    password_hash TEXT NOT NULL,
                    created_at INTEGER NOT NULL
                );
                CREATE TABLE sessions (
                    token_hash TEXT PRIMARY KEY,
                    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                    created_at INTEGER NOT NULL,
                    last_seen_at INTEGER NOT NULL
                ) WITHOUT ROWID;
                CREATE INDEX sessions_by_user ON sessions (user_id);
                CREATE INDEX sessions_by_last_seen ON sessions (last_seen_at);
                CREATE INDEX sessions_by_created ON sessions (created_at);
                CREATE TABLE sign_in_failures (
                    email TEXT NOT NULL,
                    failed_at INTEGER NOT NULL
                );
                CREATE INDEX sign_in_failures_by_email ON sign_in_failures (email, failed_at);
                CREATE INDEX sign_in_failures_by_time ON sign_in_failures (failed_at);
                """
        ),
        // Places, each rider's chosen drop-off, and rides. Ride statuses are `Ride.Status` raw values.
        Migration(
            version: 2,
            sql: """
                CREATE TABLE places (
                    id INTEGER PRIMARY KEY,
                    name TEXT NOT NULL UNIQUE,
                    latitude REAL NOT NULL,
                    longitude REAL NOT NULL
                );
                CREATE TABLE ride_drafts (
                    user_id INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
                    place_id INTEGER NOT NULL REFERENCES places (id),
                    chosen_at INTEGER NOT NULL
                );
                CREATE TABLE rides (
                    id INTEGER PRIMARY KEY,
                    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                    pickup_latitude REAL NOT NULL,
                    pickup_longitude REAL NOT NULL,
                    dropoff_place_id INTEGER NOT NULL REFERENCES places (id),
                    ride_option_id TEXT NOT NULL CHECK (ride_option_id IN ('wallabee', 'wallaroo', 'kangaroo')),
                    fare_cents INTEGER NOT NULL CHECK (fare_cents >= 0),
                    requested_at INTEGER NOT NULL,
                    status TEXT NOT NULL CHECK (status IN ('waiting_for_pickup', 'finished'))
                );
                -- A rider's history, newest first; `id DESC` breaks ties in the same order, so the index alone
                -- yields the rows sorted. It also serves the cascade when a user is deleted.
                CREATE INDEX rides_by_user ON rides (user_id, requested_at DESC, id DESC);
                -- At most one ride in progress per rider, kept by the database itself: two tabs (or two processes)
                -- confirming at once cannot both store a ride. Queries must spell the status as this literal for
                -- the planner to use the index.
                CREATE UNIQUE INDEX rides_in_progress ON rides (user_id) WHERE status = 'waiting_for_pickup';
                """,
            // Places are only ever seeded, never deleted, so the tables referring to them need no index on
            // place_id for the foreign keys' sake.
            seeds: [
                MigrationSeed(
                    sql: "INSERT INTO places (id, name, latitude, longitude) VALUES (?, ?, ?, ?)",
                    rows: SydneyPlaces.all.map { place in
                        [
                            .integer(place.id.rawValue), .text(place.name),
                            .real(place.location.latitude), .real(place.location.longitude),
                        ]
                    }
                )
            ]
        ),
        // Sign-in failures by client address too (SPEC.md: throttled per email and address, per address, per email).
        // Failures from before have no address: they count for their email, and for no address.
        Migration(
            version: 3,
            sql: """
                ALTER TABLE sign_in_failures ADD COLUMN client_address TEXT NOT NULL DEFAULT '';
                CREATE INDEX sign_in_failures_by_pair ON sign_in_failures (email, client_address, failed_at);
                CREATE INDEX sign_in_failures_by_address ON sign_in_failures (client_address, failed_at);
                """
        ),
        // The server's key for signing form tokens (CSRFKey): one row, made at the first start.
        Migration(
            version: 4,
            sql: """
                CREATE TABLE csrf_key (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    secret BLOB NOT NULL CHECK (typeof(secret) = 'blob' AND length(secret) = 32)
                );
                """
        ),
        // The ride happens (SPEC.md, "The ride, live"): Koober's fleet, rides with their statuses and animals, and
        // each ride's history of events. SQLite cannot change a CHECK, so `rides` is rebuilt. Rides from before
        // keep their ids: one waiting for pick-up is now `finding` (the dispatcher gives it an animal); one the
        // rider had moved on from never happened, so it is `cancelled`, free of charge, and left behind.
        Migration(
            version: 5,
            sql: """
                CREATE TABLE animals (
                    id INTEGER PRIMARY KEY,
                    ride_option_id TEXT NOT NULL CHECK (ride_option_id IN ('wallabee', 'wallaroo', 'kangaroo')),
                    number INTEGER NOT NULL CHECK (number > 0),
                    name TEXT NOT NULL,
                    latitude REAL NOT NULL,
                    longitude REAL NOT NULL,
                    in_service INTEGER NOT NULL DEFAULT 1 CHECK (in_service IN (0, 1)),
                    UNIQUE (ride_option_id, number)
                );
                CREATE TABLE rides_v5 (
                    id INTEGER PRIMARY KEY,
                    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                    pickup_latitude REAL NOT NULL,
                    pickup_longitude REAL NOT NULL,
                    dropoff_place_id INTEGER NOT NULL REFERENCES places (id),
                    ride_option_id TEXT NOT NULL CHECK (ride_option_id IN ('wallabee', 'wallaroo', 'kangaroo')),
                    fare_cents INTEGER NOT NULL CHECK (fare_cents >= 0),
                    requested_at INTEGER NOT NULL,
                    status TEXT NOT NULL
                        CHECK (status IN ('finding', 'on_the_way', 'arrived', 'riding', 'finished', 'cancelled')),
                    clock_rate REAL NOT NULL DEFAULT 1 CHECK (clock_rate > 0),
                    animal_id INTEGER REFERENCES animals (id),
                    animal_name TEXT,
                    assigned_at_ms INTEGER,
                    start_latitude REAL,
                    start_longitude REAL,
                    next_event_at_ms INTEGER,
                    ended_at_ms INTEGER,
                    left_behind INTEGER NOT NULL DEFAULT 0 CHECK (left_behind IN (0, 1)),
                    revision INTEGER NOT NULL DEFAULT 0,
                    CHECK ((animal_id IS NULL) = (assigned_at_ms IS NULL))
                );
                INSERT INTO rides_v5 (
                    id, user_id, pickup_latitude, pickup_longitude, dropoff_place_id, ride_option_id, fare_cents,
                    requested_at, status, ended_at_ms, left_behind, revision
                )
                SELECT id, user_id, pickup_latitude, pickup_longitude, dropoff_place_id, ride_option_id, fare_cents,
                       requested_at,
                       CASE status WHEN 'waiting_for_pickup' THEN 'finding' ELSE 'cancelled' END,
                       CASE status WHEN 'waiting_for_pickup' THEN NULL ELSE requested_at * 1000 END,
                       CASE status WHEN 'waiting_for_pickup' THEN 0 ELSE 1 END,
                       id
                FROM rides;
                DROP TABLE rides;
                ALTER TABLE rides_v5 RENAME TO rides;
                CREATE INDEX rides_by_user ON rides (user_id, requested_at DESC, id DESC);
                -- At most one ride in progress per rider, and one ride in progress per animal, kept by the database
                -- itself whatever the number of processes. Queries spell the statuses as these literals so that the
                -- planner can use the indexes.
                CREATE UNIQUE INDEX rides_in_progress ON rides (user_id)
                    WHERE status IN ('finding', 'on_the_way', 'arrived', 'riding');
                CREATE UNIQUE INDEX rides_by_animal ON rides (animal_id)
                    WHERE status IN ('on_the_way', 'arrived', 'riding');
                -- The dispatcher's queue, oldest first; and the rides whose next status the clock brings.
                CREATE INDEX rides_finding ON rides (requested_at, id) WHERE status = 'finding';
                CREATE INDEX rides_due ON rides (next_event_at_ms) WHERE next_event_at_ms IS NOT NULL;
                -- What changed since a process last looked (its streams' news).
                CREATE INDEX rides_by_revision ON rides (revision);
                CREATE TABLE ride_events (
                    ride_id INTEGER NOT NULL REFERENCES rides (id) ON DELETE CASCADE,
                    status TEXT NOT NULL
                        CHECK (status IN ('finding', 'on_the_way', 'arrived', 'riding', 'finished', 'cancelled')),
                    at_ms INTEGER NOT NULL,
                    PRIMARY KEY (ride_id, status)
                ) WITHOUT ROWID;
                INSERT INTO ride_events (ride_id, status, at_ms) SELECT id, 'finding', requested_at * 1000 FROM rides;
                INSERT INTO ride_events (ride_id, status, at_ms)
                    SELECT id, 'cancelled', ended_at_ms FROM rides WHERE status = 'cancelled';
                """
        ),
        // Koober Cloud's tokens are sessions of their own kind (`SessionKind`): the sessions of before are browsers'.
        Migration(
            version: 6,
            sql: """
                ALTER TABLE sessions ADD COLUMN kind TEXT NOT NULL DEFAULT 'web' CHECK (kind IN ('web', 'api'));
                """
        ),
        // Ride revisions from a counter, never reused: `max(revision) + 1` gave numbers again once a deleted rider's
        // rides (which can hold the highest) were gone, and streams never heard of the changes that reused them.
        // Users carry a credential version, raised by every change that ends access (a password change, Sign Out
        // Everywhere): a session is stored only at the version its sign-in checked, so none made in flight outlives
        // the change. Versions come from one counter (`credential_counter`), so no two accounts ever share one: SQLite
        // gives a deleted user's id to the next user, and a sign-in in flight for the deleted account must not land in
        // the new one.
        Migration(
            version: 7,
            sql: """
                CREATE TABLE ride_revision (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    value INTEGER NOT NULL
                );
                INSERT INTO ride_revision (id, value) SELECT 1, coalesce(max(revision), 0) FROM rides;
                CREATE TABLE credential_counter (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    value INTEGER NOT NULL
                );
                INSERT INTO credential_counter (id, value) SELECT 1, coalesce(max(id), 0) FROM users;
                ALTER TABLE users ADD COLUMN credential_version INTEGER NOT NULL DEFAULT 0;
                UPDATE users SET credential_version = id;
                """
        ),
        // The rides not yet left behind (a rider has one or two): requesting a ride leaves the others behind, and
        // without this it read the rider's whole history to find them, so each request cost more than the last.
        Migration(
            version: 8,
            sql: """
                CREATE INDEX rides_in_view ON rides (user_id) WHERE left_behind = 0;
                """
        ),
        // Mail (issue 31): links mailed to riders, by their token's hash only; whether a rider's email is confirmed;
        // and the outbox, whose rows the repositories write in the transactions that cause them. A message names
        // what to say and to whom (its rider, read when it is sent); its token lives here only until it is sent.
        Migration(
            version: 9,
            sql: """
                ALTER TABLE users ADD COLUMN email_confirmed_at_ms INTEGER;
                CREATE TABLE account_links (
                    token_hash TEXT PRIMARY KEY,
                    purpose TEXT NOT NULL CHECK (purpose IN ('password_reset', 'email_confirmation')),
                    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                    expires_at_ms INTEGER NOT NULL
                ) WITHOUT ROWID;
                CREATE INDEX account_links_by_user ON account_links (user_id, purpose);
                CREATE TABLE mail_outbox (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    kind TEXT NOT NULL CHECK (kind IN ('password_reset', 'email_confirmation', 'receipt')),
                    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                    message_id TEXT NOT NULL UNIQUE,
                    token TEXT,
                    ride_id INTEGER,
                    queued_at_ms INTEGER NOT NULL,
                    next_attempt_at_ms INTEGER NOT NULL,
                    attempts INTEGER NOT NULL DEFAULT 0
                );
                CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at_ms);
                CREATE INDEX mail_outbox_by_user ON mail_outbox (user_id);
                """
        ),
        // Share Ride (issue 32): one live link per ride, by its token's hash only, with the salt its token was derived
        // with (`RideShareToken`); a link goes with its ride and its rider, and with the rider's sessions.
        Migration(
            version: 10,
            sql: """
                CREATE TABLE ride_shares (
                    ride_id INTEGER PRIMARY KEY REFERENCES rides (id) ON DELETE CASCADE,
                    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                    token_hash TEXT NOT NULL UNIQUE,
                    salt TEXT NOT NULL,
                    created_at INTEGER NOT NULL
                );
                CREATE INDEX ride_shares_by_user ON ride_shares (user_id);
                """
        ),
        // After the ride (issue 32): each ride's rating (stars, compliments as bits of `Compliment`, the tip in cents,
        // given once) and problem report, one of each per ride; and each animal's running total of stars, moved in the
        // transaction that stores or changes a rating, so showing an animal's mean reads one row.
        Migration(
            version: 11,
            sql: """
                ALTER TABLE animals ADD COLUMN rating_sum INTEGER NOT NULL DEFAULT 0 CHECK (rating_sum >= 0);
                ALTER TABLE animals ADD COLUMN rating_count INTEGER NOT NULL DEFAULT 0 CHECK (rating_count >= 0);
                CREATE TABLE ride_ratings (
                    ride_id INTEGER PRIMARY KEY REFERENCES rides (id) ON DELETE CASCADE,
                    stars INTEGER NOT NULL CHECK (stars BETWEEN 1 AND 5),
                    compliments INTEGER NOT NULL CHECK (compliments BETWEEN 0 AND 15),
                    tip_cents INTEGER CHECK (tip_cents BETWEEN 50 AND 5000),
                    first_rated_at_ms INTEGER NOT NULL,
                    rated_at_ms INTEGER NOT NULL
                );
                CREATE TABLE ride_reports (
                    ride_id INTEGER PRIMARY KEY REFERENCES rides (id) ON DELETE CASCADE,
                    category TEXT NOT NULL
                        CHECK (category IN ('fare', 'route', 'lost_item', 'safety', 'something_else')),
                    text TEXT NOT NULL,
                    reported_at_ms INTEGER NOT NULL
                );
                """
        ),
        // Saved places and Recent (issue 33): each rider's labels, one place per label and each label once per rider
        // ignoring case (`label_key`, the label lower-cased), gone with the rider; and an index that gives, for one
        // rider and one place, their latest ride there in one seek (the Recent query asks it once per place).
        Migration(
            version: 12,
            sql: """
                CREATE TABLE saved_places (
                    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                    label_key TEXT NOT NULL,
                    label TEXT NOT NULL,
                    place_id INTEGER NOT NULL REFERENCES places (id),
                    PRIMARY KEY (user_id, label_key)
                ) WITHOUT ROWID;
                CREATE INDEX rides_by_user_dropoff ON rides (user_id, dropoff_place_id, requested_at);
                """
        ),
        // Scheduled rides (issue 33): a booking with its fare, pick-up, start and miss times fixed at booking (the
        // clock rate then), upcoming until it starts as a ride (`ride_id`), is missed or cancelled; it goes with its
        // rider. The outbox takes the three mails about one, its `ride_id` holding the scheduled ride's id for them:
        // SQLite cannot change a CHECK in place, so the table is rebuilt with its rows and ids.
        Migration(
            version: 13,
            sql: """
                CREATE TABLE scheduled_rides (
                    id INTEGER PRIMARY KEY,
                    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                    pickup_latitude REAL NOT NULL,
                    pickup_longitude REAL NOT NULL,
                    dropoff_place_id INTEGER NOT NULL REFERENCES places (id),
                    ride_option_id TEXT NOT NULL CHECK (ride_option_id IN ('wallabee', 'wallaroo', 'kangaroo')),
                    fare_cents INTEGER NOT NULL CHECK (fare_cents >= 0),
                    pickup_at_ms INTEGER NOT NULL,
                    booked_at_ms INTEGER NOT NULL,
                    clock_rate REAL NOT NULL CHECK (clock_rate > 0),
                    start_at_ms INTEGER NOT NULL,
                    miss_at_ms INTEGER NOT NULL,
                    status TEXT NOT NULL DEFAULT 'upcoming'
                        CHECK (status IN ('upcoming', 'started', 'missed', 'cancelled')),
                    ride_id INTEGER REFERENCES rides (id) ON DELETE SET NULL
                );
                CREATE INDEX scheduled_rides_by_user ON scheduled_rides (user_id, pickup_at_ms);
                CREATE INDEX scheduled_rides_due ON scheduled_rides (start_at_ms) WHERE status = 'upcoming';
                CREATE INDEX scheduled_rides_by_ride ON scheduled_rides (ride_id);
                CREATE TABLE mail_outbox_v13 (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    kind TEXT NOT NULL CHECK (kind IN (
                        'password_reset', 'email_confirmation', 'receipt',
                        'scheduled_ride_booked', 'scheduled_ride_starting', 'scheduled_ride_missed'
                    )),
                    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                    message_id TEXT NOT NULL UNIQUE,
                    token TEXT,
                    ride_id INTEGER,
                    queued_at_ms INTEGER NOT NULL,
                    next_attempt_at_ms INTEGER NOT NULL,
                    attempts INTEGER NOT NULL DEFAULT 0
                );
                INSERT INTO mail_outbox_v13 SELECT * FROM mail_outbox;
                DROP TABLE mail_outbox;
                ALTER TABLE mail_outbox_v13 RENAME TO mail_outbox;
                CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at_ms);
                CREATE INDEX mail_outbox_by_user ON mail_outbox (user_id);
                """
        ),
        // Where To?'s walk down the rider's newest rides reads each one's drop-off from the history index itself, not
        // from the table row after it (docs/performance.md, *Where To?*): the index carries the drop-off's id.
        Migration(
            version: 14,
            sql: """
                DROP INDEX rides_by_user;
                CREATE INDEX rides_by_user ON rides (user_id, requested_at DESC, id DESC, dropoff_place_id);
                """
        ),
        // No token rests in the file (issue 41): the outbox keeps no token; a link knows the message that carries it
        // (`message_id`), and the sender draws the token it mails when it claims the message, storing only its hash.
        // A queued message's link gets its message and loses its hash, whose token lay here in the clear (the claim
        // draws a new one); a queued message whose link has ended has nothing left to say, and is dropped when claimed.
        // Both tables check their rider at the commit (`DEFERRABLE INITIALLY DEFERRED`), so that Forgot Password's
        // decoy (`SQLiteAccountLinkRepository.issueDecoy`) runs a link's statements, for no rider, as a link does, and
        // takes its rows back out before the commit. SQLite cannot change a foreign key in place: both are rebuilt.
        Migration(
            version: 15,
            sql: """
                CREATE TABLE account_links_v15 (
                    token_hash TEXT PRIMARY KEY,
                    purpose TEXT NOT NULL CHECK (purpose IN ('password_reset', 'email_confirmation')),
                    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED,
                    expires_at_ms INTEGER NOT NULL,
                    message_id TEXT
                ) WITHOUT ROWID;
                INSERT INTO account_links_v15 (token_hash, purpose, user_id, expires_at_ms, message_id)
                SELECT
                    CASE WHEN message_id IS NULL THEN token_hash ELSE 'ended:' || lower(hex(randomblob(32))) END,
                    purpose, user_id, expires_at_ms, message_id
                FROM (
                    SELECT l.token_hash, l.purpose, l.user_id, l.expires_at_ms, (
                        SELECT m.message_id FROM mail_outbox AS m
                        WHERE m.user_id = l.user_id AND m.kind = l.purpose
                        ORDER BY m.id DESC LIMIT 1
                    ) AS message_id
                    FROM account_links AS l
                );
                DROP TABLE account_links;
                ALTER TABLE account_links_v15 RENAME TO account_links;
                CREATE INDEX account_links_by_user ON account_links (user_id, purpose);
                CREATE UNIQUE INDEX account_links_by_message ON account_links (message_id);
                CREATE TABLE mail_outbox_v15 (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    kind TEXT NOT NULL CHECK (kind IN (
                        'password_reset', 'email_confirmation', 'receipt',
                        'scheduled_ride_booked', 'scheduled_ride_starting', 'scheduled_ride_missed'
                    )),
                    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED,
                    message_id TEXT NOT NULL UNIQUE,
                    ride_id INTEGER,
                    queued_at_ms INTEGER NOT NULL,
                    next_attempt_at_ms INTEGER NOT NULL,
                    attempts INTEGER NOT NULL DEFAULT 0
                );
                INSERT INTO mail_outbox_v15 (
                    id, kind, user_id, message_id, ride_id, queued_at_ms, next_attempt_at_ms, attempts
                )
                SELECT id, kind, user_id, message_id, ride_id, queued_at_ms, next_attempt_at_ms, attempts
                FROM mail_outbox;
                DROP TABLE mail_outbox;
                ALTER TABLE mail_outbox_v15 RENAME TO mail_outbox;
                CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at_ms);
                CREATE INDEX mail_outbox_by_user ON mail_outbox (user_id);
                """
        ),
        // The same label twice (issue 41): a label's key is now case-folded and composed (NFC), so each stored key is
        // worked out again by `SavedPlaceLabel.key`; a rider's labels that became one keep one (`SavedPlaceKeyRewrite`).
        Migration(version: 16, sql: "", rewrite: SQLiteSavedPlaceRepository.rewriteKeys(on:)),
        // What a message is about, one column each (issue 42): a receipt's ride in `ride_id`, a scheduled ride's
        // booked, starting or missed message's booking in `scheduled_ride_id` (until now in `ride_id`); never both.
        Migration(
            version: 17,
            sql: """
                ALTER TABLE mail_outbox ADD COLUMN scheduled_ride_id INTEGER
                    CHECK (ride_id IS NULL OR scheduled_ride_id IS NULL);
                UPDATE mail_outbox SET scheduled_ride_id = ride_id, ride_id = NULL
                WHERE kind IN ('scheduled_ride_booked', 'scheduled_ride_starting', 'scheduled_ride_missed');
                """
        ),
        // Koober Ops' staff (issue 43): made on the command line with an enrolment link (its token's hash, until it is
        // used), enrolled with an argon2id password hash and an authenticator secret sealed under a key that is not in
        // this file (`StaffSecretSealer`), and their sessions, which go with them. Ids are never reused
        // (`AUTOINCREMENT`): a sealed secret is bound to its member's id. `last_totp_step` is the replay guard.
        Migration(
            version: 18,
            sql: """
                CREATE TABLE staff (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    email TEXT NOT NULL UNIQUE COLLATE NOCASE,
                    name TEXT NOT NULL,
                    role TEXT NOT NULL CHECK (role IN ('support', 'fleet', 'admin')),
                    password_hash TEXT,
                    totp_secret BLOB CHECK (totp_secret IS NULL OR typeof(totp_secret) = 'blob'),
                    last_totp_step INTEGER,
                    enrolment_token_hash TEXT UNIQUE,
                    enrolment_expires_at INTEGER,
                    enrolled_at INTEGER,
                    last_sign_in_at INTEGER,
                    added_at INTEGER NOT NULL,
                    CHECK ((password_hash IS NULL) = (totp_secret IS NULL)),
                    CHECK ((enrolment_token_hash IS NULL) = (enrolment_expires_at IS NULL))
                );
                CREATE TABLE staff_sessions (
                    token_hash TEXT PRIMARY KEY,
                    staff_id INTEGER NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
                    created_at INTEGER NOT NULL,
                    last_seen_at INTEGER NOT NULL
                ) WITHOUT ROWID;
                CREATE INDEX staff_sessions_by_staff ON staff_sessions (staff_id);
                """
        ),
        // Koober Ops' audit log and locked accounts (issue 43). A row names its member as they were (id, email, name,
        // role copied in, no foreign key: a removal must not take the record of what they did) and its target by kind
        // and id. The database itself refuses to change or delete a row (triggers), whatever code asks; pages are read
        // newest first by id, from an index per filter. A locked account keeps when and why in `users`, the row a
        // session's insert reads (`SQLiteUserSessionRepository.create`), so a sign-in racing a lock cannot slip by.
        Migration(
            version: 19,
            sql: """
                ALTER TABLE users ADD COLUMN locked_at INTEGER;
                ALTER TABLE users ADD COLUMN lock_reason TEXT CHECK ((locked_at IS NULL) = (lock_reason IS NULL));
                CREATE TABLE audit_log (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    at INTEGER NOT NULL,
                    staff_id INTEGER NOT NULL,
                    staff_email TEXT NOT NULL,
                    staff_name TEXT NOT NULL,
                    staff_role TEXT NOT NULL CHECK (staff_role IN ('support', 'fleet', 'admin')),
                    action TEXT NOT NULL CHECK (action IN (
                        'looked_at_rider', 'locked_account', 'unlocked_account', 'refunded', 'cancelled_ride',
                        'replied_to_report', 'resolved_report', 'took_out_of_service', 'returned_to_service'
                    )),
                    target_kind TEXT NOT NULL CHECK (target_kind IN ('rider', 'ride', 'animal', 'report')),
                    target_id INTEGER NOT NULL,
                    reason TEXT
                );
                CREATE INDEX audit_log_by_staff ON audit_log (staff_id, id);
                CREATE INDEX audit_log_by_target ON audit_log (target_kind, target_id, id);
                CREATE TRIGGER audit_log_never_updated BEFORE UPDATE ON audit_log
                BEGIN
                    SELECT RAISE(ABORT, 'the audit log is never changed');
                END;
                CREATE TRIGGER audit_log_never_deleted BEFORE DELETE ON audit_log
                BEGIN
                    SELECT RAISE(ABORT, 'the audit log is never changed');
                END;
                """
        ),
        // Koober Ops' dashboard (issue 43): each figure read from the
        // rows of its window alone, whatever the history (`SQLiteDashboardRepository`). The rides in progress by status;
        // the rides by request time (the last hour, the chart's day), by end (finished or cancelled in the last hour)
        // and by when they got their animal, with the request time beside it (the waits); the scheduled rides still
        // upcoming by pick-up; and the reports not yet resolved, by age: a report is open until `resolved_at_ms` is set.
        Migration(
            version: 20,
            sql: """
                ALTER TABLE ride_reports ADD COLUMN resolved_at_ms INTEGER;
                CREATE INDEX rides_live ON rides (status) WHERE status IN ('finding', 'on_the_way', 'arrived', 'riding');
                CREATE INDEX rides_by_requested ON rides (requested_at);
                CREATE INDEX rides_by_end ON rides (ended_at_ms, status) WHERE ended_at_ms IS NOT NULL;
                CREATE INDEX rides_by_assignment ON rides (assigned_at_ms, requested_at) WHERE assigned_at_ms IS NOT NULL;
                CREATE INDEX scheduled_rides_upcoming ON scheduled_rides (pickup_at_ms) WHERE status = 'upcoming';
                CREATE INDEX ride_reports_open ON ride_reports (reported_at_ms) WHERE resolved_at_ms IS NULL;
                """
        ),
        // Koober Ops' reports (issue 43): Koober's replies to a report, several each, gone with it (and so with the ride);
        // each names its member as they were (copied, no foreign key, as the audit log does) and the message that
        // carries it to the rider (`message_id`, by which the sender finds it). The resolved reports by when they were
        // resolved (the list's second part). The outbox takes the reply's mail, `report_reply`: SQLite cannot change a
        // CHECK in place, so the table is rebuilt with its rows, its ids and its id counter.
        Migration(
            version: 21,
            sql: """
                CREATE TABLE report_replies (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    ride_id INTEGER NOT NULL REFERENCES ride_reports (ride_id) ON DELETE CASCADE,
                    staff_id INTEGER NOT NULL,
                    staff_name TEXT NOT NULL,
                    text TEXT NOT NULL,
                    replied_at_ms INTEGER NOT NULL,
                    message_id TEXT NOT NULL UNIQUE
                );
                CREATE INDEX report_replies_by_ride ON report_replies (ride_id, id);
                CREATE INDEX ride_reports_resolved ON ride_reports (resolved_at_ms) WHERE resolved_at_ms IS NOT NULL;
                CREATE TABLE mail_outbox_v21 (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    kind TEXT NOT NULL CHECK (kind IN (
                        'password_reset', 'email_confirmation', 'receipt',
                        'scheduled_ride_booked', 'scheduled_ride_starting', 'scheduled_ride_missed', 'report_reply'
                    )),
                    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED,
                    message_id TEXT NOT NULL UNIQUE,
                    ride_id INTEGER,
                    queued_at_ms INTEGER NOT NULL,
                    next_attempt_at_ms INTEGER NOT NULL,
                    attempts INTEGER NOT NULL DEFAULT 0,
                    scheduled_ride_id INTEGER CHECK (ride_id IS NULL OR scheduled_ride_id IS NULL)
                );
                INSERT INTO mail_outbox_v21 (
                    id, kind, user_id, message_id, ride_id, queued_at_ms, next_attempt_at_ms, attempts, scheduled_ride_id
                )
                SELECT id, kind, user_id, message_id, ride_id, queued_at_ms, next_attempt_at_ms, attempts,
                    scheduled_ride_id
                FROM mail_outbox;
                DELETE FROM sqlite_sequence WHERE name = 'mail_outbox_v21';
                INSERT INTO sqlite_sequence (name, seq) SELECT 'mail_outbox_v21', seq FROM sqlite_sequence
                WHERE name = 'mail_outbox';
                DROP TABLE mail_outbox;
                ALTER TABLE mail_outbox_v21 RENAME TO mail_outbox;
                CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at_ms);
                CREATE INDEX mail_outbox_by_user ON mail_outbox (user_id);
                """
        ),
        // Koober Ops' rides and refunds (issue 43). A ride Koober cancelled says so (`cancelled_by_koober`, only of a
        // cancelled ride), so the rider's pages can; a refund is one row per ride (the primary key: a second is refused
        // by the database itself), more than nothing, gone with the ride. The limit (fare plus tip) is checked in the
        // refund's write transaction (`RefundRule`).
        Migration(
            version: 22,
            sql: """
                ALTER TABLE rides ADD COLUMN cancelled_by_koober INTEGER NOT NULL DEFAULT 0
                    CHECK (cancelled_by_koober = 0 OR (cancelled_by_koober = 1 AND status = 'cancelled'));
                CREATE TABLE ride_refunds (
                    ride_id INTEGER PRIMARY KEY REFERENCES rides (id) ON DELETE CASCADE,
                    amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
                    refunded_at_ms INTEGER NOT NULL
                );
                """
        ),
        // Koober Ops' fleet (issue 43): staff's out-of-service mark, apart from `in_service` (the configured fleet,
        // which `provide` rewrites at every start and never this). The store's assignment checks it
        // (`SQLiteRideRepository.apply`).
        Migration(
            version: 23,
            sql: """
                ALTER TABLE animals ADD COLUMN out_of_service INTEGER NOT NULL DEFAULT 0
                    CHECK (out_of_service IN (0, 1));
                """
        ),
        // Languages (issue 44): the language a rider chose, kept on the account (`NULL` until they choose).
        Migration(version: 24, sql: "ALTER TABLE users ADD COLUMN language TEXT;"),
        // Rush hour (issue 45): the fleet's spatial index. Each animal keeps the key of the `FleetGrid` cell it stands
        // in, written with its position; `SQLiteFleetRepository.provide` gives the animals stored before this their
        // cells at the next start.
        Migration(
            version: 25,
            sql: """
                ALTER TABLE animals ADD COLUMN cell INTEGER;
                CREATE INDEX animals_by_cell ON animals (ride_option_id, cell);
                """
        ),
    ]
}
