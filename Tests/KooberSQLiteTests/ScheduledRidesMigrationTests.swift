import Foundation
import KooberApp
import KooberKit
import KooberSQLite
import Testing

/// Migration 13 (scheduled rides) rebuilds the outbox to take their three kinds of mail: on a file with messages
/// queued before it, each keeps its id and is sent as before, and new ids come after the old ones.
struct ScheduledRidesMigrationTests {
    @Test func messagesQueuedBeforeMigrationThirteenAreKeptAndTheNewKindsAreTaken() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("koober.sqlite").path
            let before = try await SQLiteDatabase.open(
                path: path, migrations: KooberSchema.migrationsBefore(13))
            let stores = KooberDatabase.sqlite(before).storeServices(now: Date.init)
            let rider = try await stores.users.create(newUser())
            // Its confirmation, as builds before migration 15 queued it (the token in the outbox).
            try await before.write { connection in
                try connection.execute(
                    """
                    INSERT INTO account_links (token_hash, purpose, user_id, expires_at_ms)
                    VALUES ('hash', 'email_confirmation', ?, 0)
                    """,
                    [.integer(rider.id.rawValue)])
                try connection.execute(
                    """
                    INSERT INTO mail_outbox (kind, user_id, message_id, token, queued_at_ms, next_attempt_at_ms)
                    VALUES ('email_confirmation', ?, 'message', 'token', 0, 0)
                    """,
                    [.integer(rider.id.rawValue)])
            }
            try await before.close()

            let database = try await SQLiteDatabase.open(path: path)
            let migrated = KooberDatabase.sqlite(database).storeServices(now: Date.init)
            let far = Date.distantFuture
            let kept = try await migrated.outbox.claimDue(at: far, limit: 10, leaseUntil: far)
            #expect(kept.map(\.mail.kind) == [.emailConfirmation])
            #expect(kept.first?.id == 1)
            try await migrated.outbox.markSent(kept.map(\.claim))
            try await confirmEmail(of: rider.id, in: migrated)
            let booked = try await migrated.scheduledRides.book(
                NewScheduledRide(
                    userID: rider.id, pickup: SydneyLocator.sydney, dropoffID: operaHouse, rideOptionID: "wallaroo",
                    fareCents: 900, pickupAt: referenceTime + 86_400, bookedAt: referenceTime))
            let queued = try await migrated.outbox.claimDue(at: far, limit: 10, leaseUntil: far)
            #expect(queued.map(\.mail.kind) == [.scheduledRideBooked])
            #expect(queued.first?.mail.subject == .scheduledRide(booked.id))
            #expect((queued.first?.id ?? 0) > 1)
            try await database.close()
        }
    }
}
