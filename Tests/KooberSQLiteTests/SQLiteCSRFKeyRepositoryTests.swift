import KooberKit
import KooberSQLite
import Testing

/// What only the SQLite key store can show: the key outlives the process, and the table holds only whole keys.
struct SQLiteCSRFKeyRepositoryTests {
    @Test func theKeySurvivesReopeningTheFile() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("koober.sqlite").path
            let database = try await SQLiteDatabase.open(path: path)
            let key = try await LoadCSRFKeyUseCase(repository: SQLiteCSRFKeyRepository(database: database)).run()
            try await database.close()

            let reopened = try await SQLiteDatabase.open(path: path)
            let again = try await LoadCSRFKeyUseCase(repository: SQLiteCSRFKeyRepository(database: reopened)).run()
            try await reopened.close()
            #expect(again == key)
        }
    }

    @Test func aKeyOfTheWrongLengthCannotBeStored() async throws {
        _ = try await withTemporaryDatabase { database, _ in
            await #expect(throws: SQLiteError.self) {
                try await database.write { connection in
                    try connection.execute("INSERT INTO csrf_key (id, secret) VALUES (1, ?)", [.blob([1, 2, 3])])
                }
            }
        }
    }
}
