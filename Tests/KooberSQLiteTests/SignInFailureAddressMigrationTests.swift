import Foundation
import KooberKit
import KooberSQLite
import Testing

/// Migration 3 (sign-in failures by client address) on a file with failures recorded before it.
struct SignInFailureAddressMigrationTests {
    @Test func failuresFromBeforeMigrationThreeStillCountForTheirEmailAndForNoAddress() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("koober.sqlite").path
            let versionTwo = try await SQLiteDatabase.open(
                path: path,
                migrations: Array(KooberSchema.migrations.prefix(2))
            )
            _ = try await versionTwo.write { connection in
                try connection.execute(
                    "INSERT INTO sign_in_failures (email, failed_at) VALUES (?, ?)",
                    [.text("johnny@gmail.com"), .unixSeconds(referenceTime)]
                )
            }
            try await versionTwo.close()

            let database = try await SQLiteDatabase.open(path: path)
            let failures = SQLiteSignInFailureRepository(database: database)
            #expect(try await failures.failureCount(.email("johnny@gmail.com"), since: .distantPast) == 1)
            #expect(try await failures.failureCount(.address("192.0.2.1"), since: .distantPast) == 0)
            try await failures.recordFailure(email: "johnny@gmail.com", address: "192.0.2.1", at: referenceTime)
            #expect(try await failures.failureCount(.address("192.0.2.1"), since: .distantPast) == 1)
            #expect(try await failures.failureCount(.email("johnny@gmail.com"), since: .distantPast) == 2)
            try await database.close()
        }
    }
}
