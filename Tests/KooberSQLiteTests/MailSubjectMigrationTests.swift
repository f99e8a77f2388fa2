import Foundation
import KooberApp
import KooberKit
import KooberSQLite
import Testing

/// Migration 17 (issue 42) gives what a message is about one column each: messages queued before it about a scheduled
/// ride, whose booking's id lay in `ride_id`, have it in `scheduled_ride_id`; a receipt keeps its ride in `ride_id`; a
/// link's message has neither; and a row can no longer hold both.
struct MailSubjectMigrationTests {
    @Test func scheduledRideIDsQueuedBeforeMigrationSeventeenMoveToTheirOwnColumn() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("koober.sqlite").path
            let before = try await SQLiteDatabase.open(
                path: path, migrations: KooberSchema.migrationsBefore(17))
            let rider = try await KooberDatabase.sqlite(before).storeServices(now: Date.init).users.create(newUser())
            // As builds before it queued them: every subject's id in `ride_id`.
            try await before.write { connection in
                for (kind, subject) in [
                    ("receipt", SQLiteValue.integer(5)), ("scheduled_ride_booked", .integer(9)),
                    ("scheduled_ride_missed", .integer(11)), ("email_confirmation", .null),
                ] {
                    try connection.execute(
                        """
                        INSERT INTO mail_outbox (kind, user_id, message_id, ride_id, queued_at_ms, next_attempt_at_ms)
                        VALUES (?, ?, ?, ?, 0, 0)
                        """,
                        [.text(kind), .integer(rider.id.rawValue), .text("message-\(kind)"), subject])
                }
            }
            try await before.close()

            let database = try await SQLiteDatabase.open(path: path)
            let columns = try await database.read { connection in
                try connection.query("SELECT ride_id, scheduled_ride_id FROM mail_outbox ORDER BY id").map {
                    [try $0.optional("ride_id", $0.int64), try $0.optional("scheduled_ride_id", $0.int64)]
                }
            }
            #expect(columns == [[5, nil], [nil, 9], [nil, 11], [nil, nil]])
            let stores = KooberDatabase.sqlite(database).storeServices(now: Date.init)
            let far = Date.distantFuture
            let claimed = try await stores.outbox.claimDue(at: far, limit: 10, leaseUntil: far)
            #expect(
                claimed.map(\.mail.subject) == [
                    .ride(RideID(5)), .scheduledRide(ScheduledRideID(9)), .scheduledRide(ScheduledRideID(11)), .none,
                ])
            await #expect(throws: SQLiteError.self) {
                try await database.write { connection in
                    try connection.execute("UPDATE mail_outbox SET ride_id = 1, scheduled_ride_id = 1")
                }
            }
            try await database.close()
        }
    }
}
