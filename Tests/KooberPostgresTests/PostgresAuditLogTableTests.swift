import Foundation
import KooberKit
import KooberTestSupport
import PostgresNIO
import Testing

@testable import KooberPostgres

/// What only PostgreSQL shows of the audit log and the lock (migration 15): the table itself refuses to change, lose or
/// be emptied of a row, whatever code asks, and a lock whose transaction fails leaves no row, no lock and every
/// session.
struct PostgresAuditLogTableTests {
    private let referenceTime = Date(timeIntervalSince1970: 1_700_000_000)

    private func rider(in database: KooberPostgres.PostgresDatabase) async throws -> UserProfile {
        try await PostgresUserRepository(database: database).create(
            NewUser(
                name: "Johnny Appleseed", nickname: "Johnny", email: "johnny@gmail.com", mobileNumber: "510-736-8754",
                passwordHash: "$argon2id$stand-in"))
    }

    private func entry(_ action: AuditAction, _ userID: UserID) -> AuditEntry {
        AuditEntry(
            by: StaffMember(
                id: StaffID(1), email: "ana@koober.example", name: "Ana Lima", role: .support, isEnrolled: true,
                lastSignInAt: nil),
            action, target: .rider(userID), reason: action == .lockedAccount ? "Abuse" : nil, at: referenceTime)
    }

    private func auditRowCount(_ database: KooberPostgres.PostgresDatabase) async throws -> Int {
        try await database.query("SELECT count(*) FROM audit_log")[0].decode(Int.self)
    }

    @Test func theDatabaseRefusesToUpdateDeleteOrEmptyTheAuditLog() async throws {
        try await withOpenMigratedDatabase { database in
            let rider = try await rider(in: database)
            let look = entry(.lookedAtRider, rider.id)
            _ = try await PostgresRiderAccountRepository(database: database).lookAt(userID: rider.id, audit: look)

            for statement: PostgresQuery in [
                "UPDATE audit_log SET reason = 'edited'", "DELETE FROM audit_log", "TRUNCATE audit_log",
                "UPDATE audit_log SET staff_email = 'someone@else.example' WHERE id = 1",
            ] {
                await #expect(throws: PSQLError.self) { try await database.query(statement) }
            }
            let rows = try await PostgresAuditLogRepository(database: database)
                .entries(staff: nil, target: nil, before: nil, limit: 10)
            #expect(rows.map(\.entry) == [look])
        }
    }

    @Test func aLockWhoseTransactionFailsLeavesNoRowNoLockAndEverySession() async throws {
        try await withOpenMigratedDatabase { database in
            let rider = try await rider(in: database)
            let sessions = PostgresUserSessionRepository(database: database)
            let token = SessionToken.generate()
            try await sessions.create(tokenHash: token.hash, userID: rider.id, now: referenceTime)
            // Storage fails in the middle of the lock: ending the sessions is refused.
            try await database.query(
                """
                CREATE FUNCTION broken() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN RAISE EXCEPTION 'storage failure'; END $$
                """)
            try await database.query(
                "CREATE TRIGGER broken_sessions BEFORE DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION broken()")

            let accounts = PostgresRiderAccountRepository(database: database)
            await #expect(throws: PSQLError.self) {
                try await accounts.lock(userID: rider.id, reason: "Abuse", audit: entry(.lockedAccount, rider.id))
            }
            #expect(try await auditRowCount(database) == 0)
            let credentials = try await PostgresUserRepository(database: database).credentials(forEmail: rider.email)
            #expect(credentials?.isLocked == false)
            #expect(try await sessions.session(tokenHash: token.hash) != nil)
        }
    }
}
