import Foundation
import KooberKit
import KooberTestSupport
import PostgresNIO
import Testing

@testable import KooberPostgres

/// What only PostgreSQL shows of Koober Ops' cancel and refund (migration 18): an act whose audit row cannot be written
/// leaves nothing of itself either (the ride live, no refund, no mail).
struct PostgresOpsRideTableTests {
    private let referenceTime = Date(timeIntervalSince1970: 1_700_000_000)

    private func entry(_ action: AuditAction, _ rideID: RideID) -> AuditEntry {
        AuditEntry(
            by: StaffMember(
                id: StaffID(1), email: "ana@koober.example", name: "Ana Lima", role: .admin, isEnrolled: true,
                lastSignInAt: nil),
            action, target: .ride(rideID), reason: "x", at: referenceTime)
    }

    private func count(_ table: String, _ database: KooberPostgres.PostgresDatabase) async throws -> Int {
        try await database.query(PostgresQuery(unsafeSQL: "SELECT count(*) FROM \(table)"))[0].decode(Int.self)
    }

    @Test func aCancelOrRefundWhoseAuditRowFailsLeavesNothing() async throws {
        try await withOpenMigratedDatabase { database in
            let rides = PostgresRideRepository(database: database)
            let fleet = PostgresFleetRepository(database: database)
            let opsRides = PostgresOpsRideRepository(database: database)
            try await fleet.provide(Fleet.members(size: 3))
            let rider = try await PostgresUserRepository(database: database).create(
                NewUser(
                    name: "Johnny Appleseed", nickname: "Johnny", email: "johnny@gmail.com",
                    mobileNumber: "510-736-8754", passwordHash: "$argon2id$stand-in"))
            let request = { (time: Date) in
                NewRideRequest(
                    userID: rider.id, pickup: SydneyLocator.sydney, dropoffID: PlaceID(1), rideOptionID: "wallaroo",
                    fareCents: 1_234, requestedAt: time)
            }
            let first = try await rides.requestRide(request(referenceTime))
            let animal = try #require(try await fleet.freeAnimals().first { $0.rideOptionID == "wallaroo" })
            let assigned = try #require(
                try await rides.apply(.assign(first, animal: animal, at: referenceTime + 1)))
            let finishing = try #require(RideChange.advance(assigned, to: referenceTime + 86_400))
            let finished = try #require(try await rides.apply(finishing))
            try await rides.startNewRide(userID: rider.id)
            let live = try await rides.requestRide(request(referenceTime + 86_500))
            // Storage fails at the audit row.
            try await database.query(
                """
                CREATE FUNCTION broken() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN RAISE EXCEPTION 'storage failure'; END $$
                """)
            try await database.query(
                "CREATE TRIGGER broken_audit BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION broken()")

            let change = try #require(RideChange.cancelByKoober(live, at: referenceTime + 86_501))
            await #expect(throws: PSQLError.self) {
                try await opsRides.cancel(change, audit: entry(.cancelledRide, live.id))
            }
            #expect(try await rides.ride(id: live.id) == live)
            await #expect(throws: PSQLError.self) {
                try await opsRides.refund(
                    rideID: finished.id, RideRefund(amount: 100, refundedAt: referenceTime + 86_600),
                    receipt: .receipt(of: finished.id), audit: entry(.refunded, finished.id))
            }
            #expect(try await count("ride_refunds", database) == 0)
            #expect(try await count("mail_outbox", database) == 0)
            #expect(try await count("audit_log", database) == 0)
        }
    }
}
