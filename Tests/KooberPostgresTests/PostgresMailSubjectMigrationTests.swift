import Foundation
import KooberKit
import KooberTestSupport
import PostgresNIO
import Testing

@testable import KooberPostgres

/// Migration 13 (issue 42), as SQLite's 17: messages queued before it about a scheduled ride, whose booking's id lay
/// in `ride_id`, have it in `scheduled_ride_id`; a receipt keeps its ride in `ride_id`; a link's message has neither;
/// and a row can no longer hold both.
struct PostgresMailSubjectMigrationTests {
    @Test func scheduledRideIDsQueuedBeforeMigrationThirteenMoveToTheirOwnColumn() async throws {
        try await TestPostgres.withMigratedDatabase { url in
            let before = try await PostgresDatabase.open(url: url, timeout: TestPostgres.callTimeout)
            do {
                let rider = try await PostgresUserRepository(database: before).create(
                    NewUser(
                        name: "Zoë", nickname: "Zoë", email: "zoe@example.com", mobileNumber: "0400",
                        passwordHash: "hash"))
                // The outbox as before the migration, with every subject's id in `ride_id`, and the migration not run.
                try await before.query("ALTER TABLE mail_outbox DROP COLUMN scheduled_ride_id")
                try await before.query("DELETE FROM koober_migrations WHERE version = 13")
                let queued: [(String, Int64?)] = [
                    ("receipt", 5), ("scheduled_ride_booked", 9), ("scheduled_ride_starting", 11),
                    ("email_confirmation", nil),
                ]
                for (kind, subject) in queued {
                    try await before.query(
                        """
                        INSERT INTO mail_outbox (kind, user_id, message_id, ride_id, queued_at_ms, next_attempt_at_ms)
                        VALUES (\(kind), \(rider.id.rawValue), \("message-" + kind), \(subject), 0, 0)
                        """)
                }
                await before.close()
            } catch {
                await before.close()
                throw error
            }

            let database = try await PostgresDatabase.open(url: url, timeout: TestPostgres.callTimeout)
            do {
                let columns = try await database.query(
                    "SELECT ride_id, scheduled_ride_id FROM mail_outbox ORDER BY id"
                ).map { row in
                    let (ride, scheduled) = try row.decode((Int64?, Int64?).self)
                    return [ride, scheduled]
                }
                #expect(columns == [[5, nil], [nil, 9], [nil, 11], [nil, nil]])
                let far = Date(timeIntervalSince1970: 4_000_000_000)
                let claimed = try await PostgresAccountLinkRepository(database: database).claimDue(
                    at: far, limit: 10, leaseUntil: far)
                #expect(
                    claimed.map(\.mail.subject) == [
                        .ride(RideID(5)), .scheduledRide(ScheduledRideID(9)), .scheduledRide(ScheduledRideID(11)),
                        .none,
                    ])
                await #expect(throws: PSQLError.self) {
                    try await database.query("UPDATE mail_outbox SET ride_id = 1, scheduled_ride_id = 1")
                }
                await database.close()
            } catch {
                await database.close()
                throw error
            }
        }
    }
}
