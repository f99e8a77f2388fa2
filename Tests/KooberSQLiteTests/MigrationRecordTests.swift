import Foundation
import KooberKit
import KooberSQLite
import Testing

/// Migrations are applied by the record of those applied (`koober_migrations`), not by the highest version: a
/// migration that lands with a number below ones already applied still runs, and files from before the record keep
/// working.
struct MigrationRecordTests {
    /// Each migration adds a row to `runs`, so a migration run twice would show.
    private func migration(_ version: Int) -> Migration {
        Migration(
            version: version,
            sql: """
                CREATE TABLE IF NOT EXISTS runs (version INTEGER NOT NULL);
                CREATE TABLE t\(version) (x INTEGER);
                INSERT INTO runs VALUES (\(version));
                """
        )
    }

    private func runs(_ connection: SQLiteConnection) throws -> [Int] {
        try connection.query("SELECT version FROM runs ORDER BY rowid").map { try $0.int("version") }
    }

    @Test func aMigrationThatLandsBelowOnesAppliedRunsAndTheOthersDoNotRunAgain() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("db.sqlite").path
            let early = try SQLiteConnection(path: path)
            // Migrations 1, 2, 4 and 5 shipped; 3 was on a branch that landed later.
            #expect(try early.migrate([1, 2, 4, 5].map(migration)) == [1, 2, 4, 5])
            early.close()

            let later = try SQLiteConnection(path: path)
            #expect(try later.migrate([1, 2, 3, 4, 5].map(migration)) == [3])
            #expect(try runs(later) == [1, 2, 4, 5, 3])
            #expect(try later.appliedMigrations() == [1, 2, 3, 4, 5])
            #expect(try later.userVersion() == 5)
            #expect(try later.migrate([1, 2, 3, 4, 5].map(migration)) == [])
            later.close()
        }
    }

    /// Koober's own schema, on a file whose record of migration 4 (`csrf_key`) is gone with its table: opening runs
    /// 4 again, and only 4 (migration 1 run again would fail on its existing tables, 2 would seed the places twice).
    @Test func openingRunsKoobersMigrationThatIsNotRecorded() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("koober.sqlite").path
            let database = try await SQLiteDatabase.open(path: path)
            try await database.write { connection in
                try connection.executeScript("DROP TABLE csrf_key; DELETE FROM koober_migrations WHERE version = 4;")
            }
            try await database.close()

            let reopened = try await SQLiteDatabase.open(path: path)
            let (applied, csrfTables, places) = try await reopened.read { connection in
                (
                    try connection.appliedMigrations(),
                    try connection.query("SELECT name FROM sqlite_schema WHERE name = 'csrf_key'").count,
                    try connection.query("SELECT count(*) AS n FROM places")[0].int("n")
                )
            }
            #expect(applied == Set(KooberSchema.migrations.map(\.version)))
            #expect(csrfTables == 1)
            #expect(places == SydneyPlaces.all.count)
            #expect(try await SQLiteCSRFKeyRepository(database: reopened).key(storingIfAbsent: .generate()) != nil)
            try await reopened.close()
        }
    }

    /// A file the code before the record made: migrations applied in order, and only `PRAGMA user_version` to say how
    /// far. Opening it records those as applied (backfilled from the version), runs the rest, and keeps the data.
    @Test func aFileMadeBeforeTheRecordIsUpgradedWithItsDataKept() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("koober.sqlite").path
            let old = try SQLiteConnection(path: path)
            let shipped = Array(KooberSchema.migrations.prefix(3))
            try old.transaction { connection in
                for migration in shipped {
                    try connection.executeScript(migration.sql)
                    for seed in migration.seeds {
                        for row in seed.rows { try connection.execute(seed.sql, row) }
                    }
                }
                try connection.executeScript("PRAGMA user_version = 3")
                try connection.execute(
                    """
                    INSERT INTO users (name, nickname, email, mobile_number, password_hash, created_at)
                    VALUES ('Johnny', 'J', 'johnny@gmail.com', '555', 'hash', 1700000000)
                    """
                )
            }
            old.close()

            let database = try await SQLiteDatabase.open(path: path)
            let (applied, version) = try await database.read { connection in
                (try connection.appliedMigrations(), try connection.userVersion())
            }
            #expect(applied == Set(KooberSchema.migrations.map(\.version)))
            #expect(version == KooberSchema.migrations.last?.version)
            #expect(
                try await SQLiteUserRepository(database: database).credentials(forEmail: "johnny@gmail.com") != nil)
            try await database.close()
        }
    }
}
