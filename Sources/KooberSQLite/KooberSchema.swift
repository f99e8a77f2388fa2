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
    ]
}
