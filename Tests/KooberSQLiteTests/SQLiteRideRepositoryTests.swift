import Foundation
import KooberKit
import KooberSQLite
import Testing

/// What only the SQLite rides can show: the database's own guarantees, cascades and races between writers.
struct SQLiteRideRepositoryTests {
    @Test func twoDatabasesOnOneFileStillStoreExactlyOneRide() async throws {
        // Two `SQLiteDatabase`s are two writer connections, as two processes would have: our in-process queue no
        // longer orders them, SQLite's lock and the partial unique index do.
        try await withTemporaryDatabase { database, path in
            let rider = try await SQLiteUserRepository(database: database).create(newUser())
            let other = try await SQLiteDatabase.open(path: path)
            do {
                let outcome = try await requestAtOnce(
                    10,
                    userID: rider.id,
                    through: [SQLiteRideRepository(database: database), SQLiteRideRepository(database: other)]
                )
                #expect(outcome.stored.count == 1)
                #expect(outcome.refused == 9)
                #expect(try await rowCount("rides", in: database) == 1)
                try await other.close()
            } catch {
                try await other.close()
                throw error
            }
        }
    }

    /// Rides written into the file by something else than the repository (the benchmarks' seeders write rows with
    /// revisions of their own) must not make the revision counter give numbers streams have heard of already: found
    /// when `Benchmarks/ride-streams` seeded rides, and a cancel's change was never published.
    @Test func revisionsStayAboveRidesWrittenBehindTheRepositorysBack() async throws {
        try await withTemporaryDatabase { database, _ in
            let rider = try await SQLiteUserRepository(database: database).create(newUser())
            let rides = SQLiteRideRepository(database: database)
            let ride = try await rides.requestRide(newRideRequest(userID: rider.id))
            try await database.write { connection in
                _ = try connection.execute(
                    "UPDATE rides SET revision = 1000 WHERE id = ?", [.integer(ride.id.rawValue)])
            }
            #expect(try await rides.latestRideChange().position == 1_000)
            let seeded = try #require(try await rides.ride(id: ride.id))
            let change = try #require(RideChange.cancel(seeded, at: referenceTime + 60))
            let cancelled = try #require(try await rides.apply(change))
            #expect(cancelled.revision == 1_001)
            let after = RideChangeCursor(position: 1_000, rideID: 0)
            #expect(try await rides.rideChanges(after: after, limit: 10).rides.map(\.id) == [ride.id])
        }
    }

    @Test func theDatabaseItselfAllowsOneRideInProgressPerRiderAndAnyNumberOfEndedOnes() async throws {
        try await withTemporaryDatabase { database, _ in
            let rider = try await SQLiteUserRepository(database: database).create(newUser())
            let insert = """
                INSERT INTO rides (
                    user_id, pickup_latitude, pickup_longitude, dropoff_place_id, ride_option_id, fare_cents,
                    requested_at, status
                ) VALUES (?, 0, 0, 1, 'wallabee', 0, 0, ?)
                """
            try await database.write { connection in
                for status in ["finished", "cancelled", "riding"] {
                    try connection.execute(insert, [.integer(rider.id.rawValue), .text(status)])
                }
            }
            let error = await #expect(throws: SQLiteError.self) {
                try await database.write { connection in
                    try connection.execute(insert, [.integer(rider.id.rawValue), .text("finding")])
                }
            }
            #expect(error?.isUniqueViolation == true)
            #expect(try await rowCount("rides", in: database) == 3)
        }
    }

    @Test func deletingARiderDeletesTheirRidesAndDropoffAndNoOneElses() async throws {
        try await withTemporaryDatabase { database, _ in
            let users = SQLiteUserRepository(database: database)
            let rides = SQLiteRideRepository(database: database)
            let johnny = try await users.create(newUser(email: "johnny@gmail.com"))
            let skippy = try await users.create(newUser(email: "skippy@koober.com", name: "Skippy"))
            let first = try await rides.requestRide(newRideRequest(userID: johnny.id))
            _ = try await rides.apply(try #require(RideChange.cancel(first, at: referenceTime + 30)))
            try await rides.startNewRide(userID: johnny.id)
            _ = try await rides.requestRide(newRideRequest(userID: johnny.id, at: referenceTime + 60))
            try await rides.chooseDropoff(userID: johnny.id, placeID: moma, at: referenceTime + 90)
            let skippysRide = try await rides.requestRide(newRideRequest(userID: skippy.id))
            try await rides.chooseDropoff(userID: skippy.id, placeID: moma, at: referenceTime)

            try await database.write { connection in
                try connection.execute("DELETE FROM users WHERE id = ?", [.integer(johnny.id.rawValue)])
            }

            #expect(try await rides.rides(userID: johnny.id, before: nil, limit: 100).isEmpty)
            #expect(try await rides.chosenDropoff(userID: johnny.id) == nil)
            #expect(try await rides.rides(userID: skippy.id, before: nil, limit: 100) == [skippysRide])
            #expect(try await rides.chosenDropoff(userID: skippy.id)?.id == moma)
            #expect(try await rowCount("rides", in: database) == 1)
            #expect(try await rowCount("ride_events", in: database) == 1)
            #expect(try await rowCount("ride_drafts", in: database) == 1)
        }
    }

    @Test func aDropoffOrRideForAnUnknownUserIsRefusedByItsForeignKeyNotAsAnUnknownPlace() async throws {
        try await withTemporaryDatabase { database, _ in
            let rides = SQLiteRideRepository(database: database)
            let nobody = UserID(42)

            let dropoffError = await #expect(throws: SQLiteError.self) {
                try await rides.chooseDropoff(userID: nobody, placeID: operaHouse, at: referenceTime)
            }
            let rideError = await #expect(throws: SQLiteError.self) {
                try await rides.requestRide(newRideRequest(userID: nobody))
            }
            #expect(dropoffError?.isForeignKeyViolation == true)
            #expect(rideError?.isForeignKeyViolation == true)
            let rideCount = try await rowCount("rides", in: database)
            let draftCount = try await rowCount("ride_drafts", in: database)
            #expect(rideCount == 0)
            #expect(draftCount == 0)
        }
    }

    @Test func placesAreReadInTheSeedsOrder() async throws {
        try await withTemporaryDatabase { database, _ in
            let places = try await SQLitePlaceRepository(database: database).allPlaces()
            #expect(places == SydneyPlaces.all)
        }
    }
}

/// SQLite's foreign keys take everything of a deleted user with them (Delete Account, issue 21).
struct SQLiteAccountDeletionTests {
    @Test func deletingAUserRemovesTheirSessionsRidesEventsAndDraftAndNothingOfAnyoneElse() async throws {
        try await withTemporaryDatabase { database, _ in
            let users = SQLiteUserRepository(database: database)
            let rides = SQLiteRideRepository(database: database)
            let sessions = SQLiteUserSessionRepository(database: database)
            let johnny = try await users.create(newUser())
            let skippy = try await users.create(newUser(email: "skippy@koober.com", name: "Skippy"))
            for (user, hex) in [(johnny, "aa"), (skippy, "bb")] {
                try await sessions.create(
                    tokenHash: SessionTokenHash(hex: String(repeating: hex, count: 32)), userID: user.id,
                    now: referenceTime)
                _ = try await rides.requestRide(newRideRequest(userID: user.id))
            }
            try await rides.chooseDropoff(userID: johnny.id, placeID: moma, at: referenceTime)
            try await users.delete(id: johnny.id)
            #expect(try await rowCount("users", in: database) == 1)
            #expect(try await rowCount("sessions", in: database) == 1)
            #expect(try await rowCount("rides", in: database) == 1)
            #expect(try await rowCount("ride_events", in: database) == 1)
            #expect(try await rowCount("ride_drafts", in: database) == 0)
            #expect(try await rides.rides(userID: skippy.id, before: nil, limit: 10).count == 1)
        }
    }
}
