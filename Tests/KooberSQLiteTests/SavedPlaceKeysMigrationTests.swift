import Foundation
import KooberApp
import KooberKit
import KooberSQLite
import Testing

/// Migration 16 (issue 41): keys stored lower-cased only are made `SavedPlaceLabel.key`'s (composed, case-folded), so
/// a label saved decomposed before is found by either spelling after, and two labels that became one keep one.
struct SavedPlaceKeysMigrationTests {
    @Test func keysStoredBeforeMigrationSixteenMatchEitherSpellingAfterIt() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("koober.sqlite").path
            let before = try await SQLiteDatabase.open(
                path: path, migrations: KooberSchema.migrations.filter { $0.version != 16 })
            let stores = KooberDatabase.sqlite(before).storeServices(now: Date.init)
            let rider = try await stores.users.create(newUser())
            // As the old rule stored them: the label as typed, its key lower-cased.
            for (label, place) in [("Cafe\u{301}", 2), ("Caf\u{E9}", 3), ("Stra\u{DF}e", 4), ("E\u{301}cole", 1)] {
                _ = try await before.write { connection in
                    try connection.execute(
                        "INSERT INTO saved_places (user_id, label_key, label, place_id) VALUES (?, ?, ?, ?)",
                        [.integer(rider.id.rawValue), .text(label.lowercased()), .text(label), .integer(Int64(place))])
                }
            }
            try await before.close()

            let database = try await SQLiteDatabase.open(path: path)
            let saved = KooberDatabase.sqlite(database).storeServices(now: Date.init).savedPlaces
            let listed = try await saved.savedPlaces(userID: rider.id).map { "\($0.label.text)=\($0.place.id)" }
            #expect(listed == ["Caf\u{E9}=3", "Stra\u{DF}e=4", "E\u{301}cole=1"])
            #expect(try await saved.remove(userID: rider.id, label: .own("\u{C9}COLE")))
            #expect(try await saved.remove(userID: rider.id, label: .own("STRASSE")))
            #expect(try await saved.remove(userID: rider.id, label: .own("CAFE\u{301}")))
            #expect(try await saved.savedPlaces(userID: rider.id).isEmpty)
            try await database.close()
        }
    }
}
