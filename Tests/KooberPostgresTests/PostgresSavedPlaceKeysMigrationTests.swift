import Foundation
import KooberKit
import KooberTestSupport
import PostgresNIO
import Testing

@testable import KooberPostgres

/// Migration 12 (issue 41), as SQLite's 16: keys stored lower-cased only are made `SavedPlaceLabel.key`'s (composed,
/// case-folded), so a label saved decomposed before is found by either spelling after, and two labels that became
/// one keep one.
struct PostgresSavedPlaceKeysMigrationTests {
    @Test func keysStoredBeforeMigrationTwelveMatchEitherSpellingAfterIt() async throws {
        try await TestPostgres.withMigratedDatabase { url in
            let before = try await PostgresDatabase.open(url: url, timeout: TestPostgres.callTimeout)
            let rider: UserProfile
            do {
                rider = try await PostgresUserRepository(database: before).create(
                    NewUser(
                        name: "Zoë", nickname: "Zoë", email: "zoe@example.com", mobileNumber: "0400",
                        passwordHash: "hash"))
                // As the old rule stored them: the label as typed, its key lower-cased; and the migration not run.
                for (label, place) in [("Cafe\u{301}", 2), ("Caf\u{E9}", 3), ("Stra\u{DF}e", 4), ("E\u{301}cole", 1)] {
                    try await before.query(
                        """
                        INSERT INTO saved_places (user_id, label_key, label, place_id)
                        VALUES (\(rider.id.rawValue), \(label.lowercased()), \(label), \(Int64(place)))
                        """)
                }
                try await before.query("DELETE FROM koober_migrations WHERE version = 12")
                await before.close()
            } catch {
                await before.close()
                throw error
            }

            let database = try await PostgresDatabase.open(url: url, timeout: TestPostgres.callTimeout)
            do {
                let saved = PostgresSavedPlaceRepository(database: database)
                let listed = try await saved.savedPlaces(userID: rider.id).map { "\($0.label.text)=\($0.place.id)" }
                #expect(listed == ["Caf\u{E9}=3", "Stra\u{DF}e=4", "E\u{301}cole=1"])
                #expect(try await saved.remove(userID: rider.id, label: .own("\u{C9}COLE")))
                #expect(try await saved.remove(userID: rider.id, label: .own("STRASSE")))
                #expect(try await saved.remove(userID: rider.id, label: .own("CAFE\u{301}")))
                #expect(try await saved.savedPlaces(userID: rider.id).isEmpty)
                await database.close()
            } catch {
                await database.close()
                throw error
            }
        }
    }
}
