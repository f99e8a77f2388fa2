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
        )
    ]
}
