import Foundation
import KooberKit
import KooberSQLite
import Testing

/// What only SQLite shows of the audit log and the lock (migration 19): the table itself refuses to change or lose a
/// row, whatever code asks, and a lock whose transaction fails leaves no row, no lock and every session.
struct AuditLogTableTests {
    @Test func theDatabaseRefusesToUpdateOrDeleteAnAuditRow() async throws {
        try await withTemporaryDatabase { database, _ in
            let rider = try await SQLiteUserRepository(database: database).create(newUser())
            let look = auditEntry(.rider(rider.id))
            _ = try await SQLiteRiderAccountRepository(database: database).lookAt(userID: rider.id, audit: look)

            for statement in [
                "UPDATE audit_log SET reason = 'edited'", "DELETE FROM audit_log",
                "UPDATE audit_log SET staff_email = 'someone@else.example' WHERE id = 1",
            ] {
                await #expect(throws: SQLiteError.self) {
                    try await database.write { connection in try connection.execute(statement) }
                }
            }
            let rows = try await SQLiteAuditLogRepository(database: database)
                .entries(staff: nil, target: nil, before: nil, limit: 10)
            #expect(rows.map(\.entry) == [look])
        }
    }

    @Test func aLockWhoseTransactionFailsLeavesNoRowNoLockAndEverySession() async throws {
        try await withTemporaryDatabase { database, _ in
            let users = SQLiteUserRepository(database: database)
            let sessions = SQLiteUserSessionRepository(database: database)
            let rider = try await users.create(newUser())
            let token = SessionToken.generate()
            try await sessions.create(tokenHash: token.hash, userID: rider.id, now: referenceTime)
            // Storage fails in the middle of the lock: ending the sessions is refused.
            try await database.write { connection in
                try connection.executeScript(
                    """
                    CREATE TRIGGER broken_sessions BEFORE DELETE ON sessions
                    BEGIN SELECT RAISE(ABORT, 'storage failure'); END;
                    """)
            }

            let accounts = SQLiteRiderAccountRepository(database: database)
            await #expect(throws: SQLiteError.self) {
                try await accounts.lock(
                    userID: rider.id, reason: "Abuse", audit: auditEntry(.rider(rider.id), .lockedAccount))
            }
            #expect(try await rowCount("audit_log", in: database) == 0)
            #expect(try await users.credentials(forEmail: rider.email)?.isLocked == false)
            #expect(try await sessions.session(tokenHash: token.hash) != nil)
        }
    }

    @Test func ridersFromBeforeMigration19AreUnlocked() async throws {
        let before = KooberSchema.migrationsBefore(19)
        try await withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("koober.sqlite").path
            let old = try await SQLiteDatabase.open(path: path, migrations: before)
            let rider = try await SQLiteUserRepository(database: old).create(newUser())
            try await old.close()

            let database = try await SQLiteDatabase.open(path: path)
            let credentials = try await SQLiteUserRepository(database: database).credentials(forEmail: rider.email)
            #expect(credentials?.isLocked == false)
            #expect(try await rowCount("audit_log", in: database) == 0)
            try await database.close()
        }
    }
}
