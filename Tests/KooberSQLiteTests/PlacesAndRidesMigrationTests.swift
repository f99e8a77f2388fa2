import Foundation
import KooberKit
import KooberSQLite
import Testing

/// Migration 2 (places, drafts, rides) on new and existing files, and seeds with bound values.
struct PlacesAndRidesMigrationTests {
    @Test func migrationTwoUpgradesAVersionOneFileAndKeepsItsUsersAndSessions() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("koober.sqlite").path
            let token = SessionTokenHash(hex: String(repeating: "ab", count: 32))
            // A file as the first release left it: version 1, one account signed in.
            let versionOne = try await SQLiteDatabase.open(path: path, migrations: [KooberSchema.migrations[0]])
            // Its account and session as that release stored them (users had no credential version, sessions no
            // kind then).
            let user = newUser()
            let johnny = try await versionOne.write { connection in
                let id = try connection.query(
                    """
                    INSERT INTO users (name, nickname, email, mobile_number, password_hash, created_at)
                    VALUES (?, ?, ?, ?, ?, ?) RETURNING id
                    """,
                    [
                        .text(user.name), .text(user.nickname), .text(user.email), .text(user.mobileNumber),
                        .text(user.passwordHash), .unixSeconds(referenceTime),
                    ]
                )[0].int64("id")
                return UserProfile(
                    id: UserID(id), name: user.name, nickname: user.nickname, email: user.email,
                    mobileNumber: user.mobileNumber)
            }
            try await versionOne.write { connection in
                try connection.execute(
                    "INSERT INTO sessions (token_hash, user_id, created_at, last_seen_at) VALUES (?, ?, ?, ?)",
                    [
                        .text(token.hex), .integer(johnny.id.rawValue), .unixSeconds(referenceTime),
                        .unixSeconds(referenceTime),
                    ]
                )
            }
            try await versionOne.close()

            let database = try await SQLiteDatabase.open(path: path)
            do {
                #expect(try await database.read { try $0.userVersion() } == KooberSchema.migrations.last?.version)
                #expect(try await SQLiteUserRepository(database: database).profile(id: johnny.id) == johnny)
                let session = try await SQLiteUserSessionRepository(database: database).session(tokenHash: token)
                #expect(session?.profile == johnny)
                #expect(session?.kind == .web)  // migration 6: every session of before is a browser's
                #expect(try await SQLitePlaceRepository(database: database).allPlaces() == SydneyPlaces.all)

                // The rider from before the upgrade can ride.
                let rides = SQLiteRideRepository(database: database)
                try await rides.chooseDropoff(userID: johnny.id, placeID: moma, at: referenceTime)
                let ride = try await rides.requestRide(newRideRequest(userID: johnny.id, dropoffID: moma))
                #expect(try await rides.rides(userID: johnny.id, before: nil, limit: 100) == [ride])
                try await database.close()
            } catch {
                try await database.close()
                throw error
            }
        }
    }

    @Test func reopeningAnUpToDateFileSeedsNothingTwice() async throws {
        try await withTemporaryDatabase { database, path in
            try await database.close()
            let reopened = try await SQLiteDatabase.open(path: path)
            let count = try await rowCount("places", in: reopened)
            try await reopened.close()
            #expect(count == SydneyPlaces.all.count)
        }
    }

    @Test func koobersSchemaHasTheRideTablesAndIndexes() throws {
        let connection = try SQLiteConnection(path: ":memory:")
        try connection.migrate(KooberSchema.migrations)
        let rows = try connection.query(
            "SELECT name FROM sqlite_schema WHERE tbl_name IN ('places', 'ride_drafts', 'rides') ORDER BY name"
        )
        #expect(
            try rows.map { try $0.string("name") } == [
                "places", "ride_drafts", "rides", "rides_by_animal",
                // Koober Ops' dashboard's (migration 20).
                "rides_by_assignment", "rides_by_end", "rides_by_requested",
                "rides_by_revision", "rides_by_user", "rides_by_user_dropoff", "rides_due",
                "rides_finding", "rides_in_progress", "rides_in_view", "rides_live",
                // SQLite's own indexes for UNIQUE (places.name).
                "sqlite_autoindex_places_1",
            ]
        )
    }

    @Test func seedValuesAreBoundSoQuotesAccentsAndSQLArriveAsWritten() throws {
        let names = ["Mrs Macquarie's Chair", "Caf\u{E9} Sydney", "Cafe\u{301} decomposed", "'); DROP TABLE a; --"]
        let migration = Migration(
            version: 1,
            sql: "CREATE TABLE a (id INTEGER PRIMARY KEY, name TEXT NOT NULL, latitude REAL NOT NULL);",
            seeds: [
                MigrationSeed(
                    sql: "INSERT INTO a (id, name, latitude) VALUES (?, ?, ?)",
                    rows: names.enumerated().map { index, name in
                        [.integer(Int64(index + 1)), .text(name), .real(-33.858667)]
                    }
                )
            ]
        )
        let connection = try SQLiteConnection(path: ":memory:")
        try connection.migrate([migration])

        let rows = try connection.query("SELECT name, latitude FROM a ORDER BY id")
        #expect(try rows.map { Array(try $0.string("name").utf8) } == names.map { Array($0.utf8) })
        #expect(try rows.map { try $0.double("latitude") } == Array(repeating: -33.858667, count: names.count))
    }

    @Test func aFailingSeedLeavesTheFileWithoutItsMigration() throws {
        let migration = Migration(
            version: 1,
            sql: "CREATE TABLE a (name TEXT NOT NULL UNIQUE);",
            seeds: [MigrationSeed(sql: "INSERT INTO a (name) VALUES (?)", rows: [["twice"], ["twice"]])]
        )
        let connection = try SQLiteConnection(path: ":memory:")
        #expect(throws: SQLiteError.self) { try connection.migrate([migration]) }
        #expect(try connection.userVersion() == 0)
        #expect(try connection.appliedMigrations().isEmpty)
        // Only the record of migrations, made before the migration's own transaction.
        let tables = try connection.query("SELECT name FROM sqlite_schema WHERE type = 'table'")
        #expect(try tables.map { try $0.string("name") } == ["koober_migrations"])
    }
}
