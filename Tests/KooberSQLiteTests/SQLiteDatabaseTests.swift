import Foundation
import KooberKit
import KooberSQLite
import Testing

struct SQLiteDatabaseTests {
    @Test func aFileDatabaseRunsInWALModeWithForeignKeysAndNormalSync() async throws {
        try await withTemporaryDatabase { database, _ in
            let journalMode = try await database.read { try $0.query("PRAGMA journal_mode")[0].string("journal_mode") }
            let readerKeys = try await database.read { try $0.query("PRAGMA foreign_keys")[0].int("foreign_keys") }
            let writerKeys = try await database.write { try $0.query("PRAGMA foreign_keys")[0].int("foreign_keys") }
            let sync = try await database.write { try $0.query("PRAGMA synchronous")[0].int("synchronous") }
            #expect(journalMode == "wal")
            #expect(readerKeys == 1)
            #expect(writerKeys == 1)
            #expect(sync == 1)  // NORMAL
        }
    }

    @Test func dataSurvivesClosingAndReopeningTheFile() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("koober.sqlite").path
            let database = try await SQLiteDatabase.open(path: path)
            let created = try await SQLiteUserRepository(database: database).create(newUser())
            try await database.close()

            let reopened = try await SQLiteDatabase.open(path: path)
            let version = try await reopened.read { try $0.userVersion() }
            let found = try await SQLiteUserRepository(database: reopened).profile(id: created.id)
            try await reopened.close()
            #expect(version == KooberSchema.migrations.last?.version)
            #expect(found == created)
        }
    }

    @Test func aWriteThatThrowsKeepsNothing() async throws {
        struct Abort: Error {}
        try await withTemporaryDatabase { database, _ in
            await #expect(throws: Abort.self) {
                try await database.write { connection in
                    try connection.execute("INSERT INTO sign_in_failures (email, failed_at) VALUES ('a@b.c', 1)")
                    throw Abort()
                }
            }
            let count = try await database.read {
                try $0.query("SELECT count(*) AS n FROM sign_in_failures")[0].int("n")
            }
            #expect(count == 0)
        }
    }

    @Test func readConnectionsCannotWrite() async throws {
        try await withTemporaryDatabase { database, _ in
            let error = await #expect(throws: SQLiteError.self) {
                try await database.read { connection in
                    try connection.execute("INSERT INTO sign_in_failures (email, failed_at) VALUES ('a@b.c', 1)")
                }
            }
            #expect(error?.description.contains("readonly") == true)
        }
    }

    @Test func deletingAUserDeletesTheirSessions() async throws {
        try await withTemporaryDatabase { database, _ in
            let user = try await SQLiteUserRepository(database: database).create(newUser())
            let sessions = SQLiteUserSessionRepository(database: database)
            let token = SessionTokenHash(hex: "token")
            try await sessions.create(tokenHash: token, userID: user.id, now: referenceTime)
            try await database.write { try $0.execute("DELETE FROM users WHERE id = ?", [.integer(user.id.rawValue)]) }
            let left = try await database.read { try $0.query("SELECT count(*) AS n FROM sessions")[0].int("n") }
            #expect(left == 0)
        }
    }

    @Test func anInMemoryDatabaseServesReadsAndWritesFromOneConnection() async throws {
        let database = try await SQLiteDatabase.open(path: ":memory:")
        let users = SQLiteUserRepository(database: database)
        let created = try await users.create(newUser())
        let found = try await users.credentials(forEmail: "johnny@gmail.com")
        try await database.ping()
        try await database.close()
        #expect(found?.profile == created)
    }

    @Test func pingAnswersUntilTheDatabaseIsClosed() async throws {
        let database = try await withTemporaryDatabase { database, _ in
            try await database.ping()
            return database
        }
        await #expect(throws: SQLiteError.closed) { try await database.ping() }
        await #expect(throws: SQLiteError.closed) { try await database.write { _ in } }
        try await database.close()
    }

    @Test func openingAPathThatCannotBeCreatedFailsWithSQLitesMessage() async throws {
        let error = await #expect(throws: SQLiteError.self) {
            try await SQLiteDatabase.open(path: "/nonexistent-koober-directory/koober.sqlite")
        }
        #expect(error?.description.contains("unable to open database file") == true)
    }
}
