import KooberSQLite
import Testing

struct MigrationTests {
    private let first = Migration(version: 1, sql: "CREATE TABLE a (x INTEGER); INSERT INTO a VALUES (1);")
    private let second = Migration(version: 2, sql: "CREATE TABLE b (y INTEGER);")

    @Test func migrationsRunOnceAndTheFileRemembersItsVersion() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("db.sqlite").path
            let connection = try SQLiteConnection(path: path)
            #expect(try connection.userVersion() == 0)
            #expect(try connection.migrate([first]) == [1])
            #expect(try connection.migrate([first]) == [])
            connection.close()

            let reopened = try SQLiteConnection(path: path)
            #expect(try reopened.migrate([first]) == [])
            #expect(try reopened.userVersion() == 1)
            // Run twice, the INSERT in migration 1 would have left two rows.
            #expect(try reopened.query("SELECT count(*) AS n FROM a")[0].int("n") == 1)
            reopened.close()
        }
    }

    @Test func aNewMigrationRunsAloneOnAnExistingFile() throws {
        let connection = try SQLiteConnection(path: ":memory:")
        try connection.migrate([first])
        #expect(try connection.migrate([first, second]) == [2])
        #expect(try connection.userVersion() == 2)
        #expect(try connection.query("SELECT count(*) AS n FROM a")[0].int("n") == 1)
    }

    @Test func aFailingMigrationLeavesTheFileAsTheOnesBeforeItLeftIt() throws {
        let connection = try SQLiteConnection(path: ":memory:")
        let broken = Migration(version: 2, sql: "CREATE TABLE b (y INTEGER); CREATE TABLE broken (;")
        #expect(throws: SQLiteError.self) { try connection.migrate([first, broken]) }
        #expect(try connection.userVersion() == 1)
        #expect(try connection.appliedMigrations() == [1])
        let tables = try connection.query("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name")
        #expect(try tables.map { try $0.string("name") } == ["a", "koober_migrations"])
    }

    @Test func aDatabaseNewerThanTheCodeIsRefused() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("db.sqlite").path
            let future = try SQLiteConnection(path: path)
            try future.execute("PRAGMA user_version = 99")
            future.close()

            let latest = try #require(KooberSchema.migrations.last?.version)
            await #expect(throws: SQLiteError.schemaTooNew(fileVersion: 99, latestKnownVersion: latest)) {
                try await SQLiteDatabase.open(path: path)
            }
        }
    }

    @Test func migrationsNumberedOutOfOrderAreRefused() throws {
        let connection = try SQLiteConnection(path: ":memory:")
        #expect(throws: SQLiteError.invalidMigrations("migration 1 has version 2")) {
            try connection.migrate([second])
        }
    }

    @Test func aGapInTheNumbersIsAcceptedAndTheFileRemembersTheLastVersion() throws {
        let connection = try SQLiteConnection(path: ":memory:")
        let fourth = Migration(version: 4, sql: "CREATE TABLE d (z INTEGER);")
        try connection.migrate([first, second])
        #expect(try connection.migrate([first, second, fourth]) == [4])
        #expect(try connection.userVersion() == 4)
        #expect(try connection.migrate([first, second, fourth]) == [])
    }

    @Test func versionsThatDoNotIncreaseAreRefused() throws {
        let connection = try SQLiteConnection(path: ":memory:")
        #expect(throws: SQLiteError.invalidMigrations("migration 2 has version 1")) {
            try connection.migrate([first, first])
        }
        #expect(try connection.userVersion() == 0)
    }

    @Test func koobersSchemaCreatesItsTables() throws {
        let connection = try SQLiteConnection(path: ":memory:")
        try connection.migrate(KooberSchema.migrations)
        let rows = try connection.query(
            "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
        #expect(
            try rows.map { try $0.string("name") } == [
                "account_links", "animals", "audit_log", "credential_counter", "csrf_key", "koober_migrations",
                "mail_outbox", "places", "report_replies", "ride_drafts", "ride_events", "ride_ratings", "ride_refunds",
                "ride_reports", "ride_revision", "ride_shares", "rides", "saved_places", "scheduled_rides", "sessions",
                "sign_in_failures", "staff",
                "staff_sessions", "users",
            ]
        )
    }

    @Test func aFileThatRecordsAMigrationNewerThanTheCodeIsRefused() throws {
        let connection = try SQLiteConnection(path: ":memory:")
        let third = Migration(version: 3, sql: "CREATE TABLE c (z INTEGER);")
        try connection.migrate([first, second, third])
        #expect(throws: SQLiteError.schemaTooNew(fileVersion: 3, latestKnownVersion: 2)) {
            try connection.migrate([first, second])
        }
    }

    @Test func aFileThatRecordsAMigrationTheCodeDoesNotKnowIsRefused() throws {
        let connection = try SQLiteConnection(path: ":memory:")
        let third = Migration(version: 3, sql: "CREATE TABLE c (z INTEGER);")
        let fourth = Migration(version: 4, sql: "CREATE TABLE d (z INTEGER);")
        try connection.migrate([first, third])
        #expect(throws: SQLiteError.unknownMigrations([3])) { try connection.migrate([first, second, fourth]) }
        #expect(try connection.appliedMigrations() == [1, 3], "nothing ran")
    }
}
