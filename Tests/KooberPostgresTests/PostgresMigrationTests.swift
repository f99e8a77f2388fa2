import Foundation
import KooberKit
import KooberTestSupport
import PostgresNIO
import TestKit
import Testing

@testable import KooberPostgres

/// Migrations are applied by the record of those applied (`koober_migrations`), not by the highest version: a
/// migration that lands with a number below ones already applied still runs, and the others do not run again.
struct PostgresMigrationTests {
    /// Opens (migrating with Koober's schema) a new empty database, runs `body` on it and closes it.
    private func withOpenDatabase(_ body: (KooberPostgres.PostgresDatabase, PostgresURL) async throws -> Void)
        async throws
    {
        try await TestPostgres.withDatabase { url in
            let database = try await KooberPostgres.PostgresDatabase.open(url: url, timeout: TestPostgres.callTimeout)
            do {
                try await body(database, url)
                await database.close()
            } catch {
                await database.close()
                throw error
            }
        }
    }

    private func recorded(_ database: KooberPostgres.PostgresDatabase) async throws -> [Int] {
        try await database.query("SELECT version FROM koober_migrations ORDER BY version").map {
            try $0.decode(Int.self)
        }
    }

    /// Koober's migrations, then test ones numbered after them; each test one adds a row to `runs`, so one run twice
    /// would show.
    private func migrations(_ extra: [Int]) -> [PostgresMigration] {
        PostgresSchema.migrations
            + extra.map { version in
                PostgresMigration(
                    version: version,
                    statements: [
                        "CREATE TABLE IF NOT EXISTS runs (version INTEGER NOT NULL, id SERIAL PRIMARY KEY)",
                        "CREATE TABLE t\(version) (x INTEGER)",
                        "INSERT INTO runs (version) VALUES (\(version))",
                    ]
                )
            }
    }

    @Test func aMigrationThatLandsBelowOnesAppliedRunsAndTheOthersDoNotRunAgain() async throws {
        try await withOpenDatabase { database, _ in
            let koobers = PostgresSchema.migrations.map(\.version)
            let base = try #require(koobers.last)
            // Koober's, then base+1, base+2 and base+4 shipped; base+3 was on a branch that landed later.
            #expect(
                try await database.migrate(migrations([base + 1, base + 2, base + 4])) == [
                    base + 1, base + 2, base + 4,
                ])
            #expect(try await database.migrate(migrations([base + 1, base + 2, base + 3, base + 4])) == [base + 3])
            let runs = try await database.query("SELECT version FROM runs ORDER BY id").map { try $0.decode(Int.self) }
            #expect(runs == [base + 1, base + 2, base + 4, base + 3])
            #expect(try await recorded(database) == koobers + [base + 1, base + 2, base + 3, base + 4])
            #expect(try await database.migrate(migrations([base + 1, base + 2, base + 3, base + 4])) == [])
        }
    }

    /// Koober's own schema, on a database whose record of migration 2 (`sign_ups`) is gone with its table: opening
    /// runs 2 again, and only 2 (migration 1 run again would fail on its existing tables).
    @Test func openingRunsKoobersMigrationThatIsNotRecorded() async throws {
        try await withOpenDatabase { database, url in
            try await database.query("DROP TABLE sign_ups")
            try await database.query("DELETE FROM koober_migrations WHERE version = 2")
            let reopened = try await KooberPostgres.PostgresDatabase.open(url: url, timeout: TestPostgres.callTimeout)
            do {
                #expect(try await recorded(reopened) == PostgresSchema.migrations.map(\.version))
                let throttle = PostgresSignUpThrottle(database: reopened)
                #expect(try await throttle.reserve(for: "192.0.2.1", at: .now))
                #expect(
                    try await PostgresPlaceRepository(database: reopened).allPlaces().count == SydneyPlaces.all.count)
                await reopened.close()
            } catch {
                await reopened.close()
                throw error
            }
        }
    }

    @Test func aDatabaseThatRecordsAMigrationTheCodeDoesNotKnowIsRefused() async throws {
        try await withOpenDatabase { database, _ in
            let base = try #require(PostgresSchema.migrations.last?.version)
            try await database.migrate(migrations([base + 2]))
            await #expect(throws: PostgresSchemaError.self) {
                try await database.migrate(migrations([base + 1, base + 3]))
            }
            await #expect(throws: PostgresSchemaError.self) { try await database.migrate(PostgresSchema.migrations) }
            #expect(try await recorded(database).last == base + 2, "nothing ran")
        }
    }

    /// A process that waits on the migration lock far longer than a call may take (another process's migration, an
    /// index built over a long history) still starts: migrating is not a call. Here one process holds the lock in a
    /// transaction until the other has waited on it past its call's deadline.
    @Test func aProcessWaitingLongerThanACallForAnothersMigrationStillStarts() async throws {
        try await withOpenDatabase { database, url in
            let (release, releasing) = AsyncStream<Never>.makeStream()
            let (held, holds) = AsyncStream<Void>.makeStream()
            let holding = Task {
                defer { holds.finish() }
                try await database.transaction(within: .seconds(300)) { transaction in
                    try await transaction.execute(
                        "SELECT pg_advisory_xact_lock(\(KooberPostgres.PostgresDatabase.migrationLock))")
                    holds.yield()
                    for await _ in release {}
                }
            }
            // The lock is held before the other process starts: otherwise it may migrate first and never wait.
            for await _ in held { break }
            // Long enough for the ping that opening starts with, even in the busy suite's first minute; the test waits
            // past it, so it is not the (longer) patience.
            let callDeadline = Duration.seconds(20)
            let opening = Task {
                try await KooberPostgres.PostgresDatabase.open(url: url, timeout: callDeadline)
            }
            let pastTheDeadline = Double(callDeadline.components.seconds + 1)
            let waitedPastTheDeadline = try await eventually(within: callDeadline + BusyMachine.patience) {
                try await database.query(
                    """
                    SELECT 1 FROM pg_stat_activity
                    WHERE datname = current_database() AND wait_event_type = 'Lock'
                      AND clock_timestamp() - query_start > make_interval(secs => \(pastTheDeadline))
                    """
                ).count == 1
            }
            releasing.finish()
            try await holding.value
            let opened = try await opening.value
            #expect(waitedPastTheDeadline)
            #expect(try await PostgresPlaceRepository(database: opened).allPlaces().count == SydneyPlaces.all.count)
            await opened.close()
        }
    }
}
