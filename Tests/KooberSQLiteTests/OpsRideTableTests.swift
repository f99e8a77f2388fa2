import Foundation
import KooberApp
import KooberKit
import KooberSQLite
import Testing

/// What only SQLite shows of Koober Ops' cancel and refund (migration 22): an act whose audit row cannot be written
/// leaves nothing of itself either (the ride live, no refund, no mail), and the table itself keeps one refund a ride.
struct OpsRideTableTests {
    @Test func aCancelOrRefundWhoseAuditRowFailsLeavesNothing() async throws {
        try await withTemporaryDatabase { database, _ in
            let stores = KooberDatabase.sqlite(database).storeServices(now: Date.init)
            try await stores.fleet.provide(Fleet.members(size: 3))
            let rider = try await stores.users.create(newUser())
            try await confirmEmail(of: rider.id, in: stores)
            let ride = try await stores.rides.requestRide(newRideRequest(userID: rider.id))
            let other = try await stores.users.create(newUser(email: "jane@gmail.com"))
            let animal = try #require(try await stores.fleet.freeAnimals().first { $0.rideOptionID == "wallaroo" })
            let assigned = try #require(
                try await stores.rides.apply(
                    .assign(
                        try await stores.rides.requestRide(newRideRequest(userID: other.id)), animal: animal,
                        at: referenceTime + 1)))
            let finishing = try #require(RideChange.advance(assigned, to: referenceTime + 86_400))
            let finished = try #require(try await stores.rides.apply(finishing))
            // Storage fails at the audit row, the act's last write.
            try await database.write { connection in
                try connection.executeScript(
                    """
                    CREATE TRIGGER broken_audit BEFORE INSERT ON audit_log
                    BEGIN SELECT RAISE(ABORT, 'storage failure'); END;
                    """)
            }

            let change = try #require(RideChange.cancelByKoober(ride, at: referenceTime + 5))
            await #expect(throws: SQLiteError.self) {
                try await stores.opsRides.cancel(
                    change, audit: auditEntry(.ride(ride.id), .cancelledRide, reason: "x", at: referenceTime + 5))
            }
            #expect(try await stores.rides.ride(id: ride.id) == ride)
            await #expect(throws: SQLiteError.self) {
                try await stores.opsRides.refund(
                    rideID: finished.id, RideRefund(amount: 100, refundedAt: referenceTime + 86_500),
                    receipt: .receipt(of: finished.id),
                    audit: auditEntry(.ride(finished.id), .refunded, reason: "x", at: referenceTime + 86_500))
            }
            #expect(try await rowCount("ride_refunds", in: database) == 0)
            #expect(try await rowCount("mail_outbox", in: database) == 0)
            #expect(try await rowCount("audit_log", in: database) == 0)
        }
    }

    @Test func theTableKeepsOneRefundARideAndOnlyMoreThanNothing() async throws {
        try await withTemporaryDatabase { database, _ in
            let stores = KooberDatabase.sqlite(database).storeServices(now: Date.init)
            let rider = try await stores.users.create(newUser())
            let ride = try await stores.rides.requestRide(newRideRequest(userID: rider.id))
            for statement in [
                "INSERT INTO ride_refunds (ride_id, amount_cents, refunded_at_ms) VALUES (\(ride.id.rawValue), 0, 1)",
                "UPDATE rides SET cancelled_by_koober = 1 WHERE id = \(ride.id.rawValue)",
            ] {
                await #expect(throws: SQLiteError.self) {
                    try await database.write { connection in try connection.execute(statement) }
                }
            }
            try await database.write { connection in
                try connection.execute(
                    "INSERT INTO ride_refunds (ride_id, amount_cents, refunded_at_ms) VALUES (\(ride.id.rawValue), 1, 1)"
                )
            }
            await #expect(throws: SQLiteError.self) {
                try await database.write { connection in
                    try connection.execute(
                        "INSERT INTO ride_refunds (ride_id, amount_cents, refunded_at_ms) VALUES (\(ride.id.rawValue), 2, 1)"
                    )
                }
            }
        }
    }
}
