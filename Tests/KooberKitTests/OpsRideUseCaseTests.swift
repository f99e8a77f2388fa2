import Foundation
import KooberKit
import KooberKitTestDoubles
import TestKit
import Testing

/// Koober Ops' rides and refunds (SPEC.md, "Koober Ops", **Rides** and **Refund**) on the in-memory store and a virtual
/// clock: a ride found and looked at by any role, cancelled by Koober with a reason while live, refunded by support and
/// admin once finished, each act with its audit row, and no row for an act refused.
@Suite struct OpsRideUseCaseTests {
    let stores = StoreServices.inMemory()
    let clock = TestClock(referenceTime)
    let rideSignal = RideChangeSignalSpy()

    func member(_ role: StaffRole) -> StaffMember {
        StaffMember(
            id: StaffID(7), email: "ana@koober.example", name: "Ana Lima", role: role, isEnrolled: true,
            lastSignInAt: referenceTime)
    }

    func addRider(email: String = "zoe@example.com") async throws -> UserProfile {
        try await stores.users.create(
            NewUser(
                name: "Zoë Example", nickname: "Zoë", email: email, mobileNumber: "0400 000 000",
                passwordHash: FakePasswordHasher.fakeHash(of: "password")))
    }

    /// A ride of the rider's (A$12.34), given a wallaroo at once: on its way.
    func assignedRide(for userID: UserID) async throws -> Ride {
        try await stores.fleet.provide(Fleet.members(size: 3))
        let ride = try await stores.rides.requestRide(
            NewRideRequest(
                userID: userID, pickup: SydneyLocator.sydney, dropoffID: PlaceID(1), rideOptionID: "wallaroo",
                fareCents: 1_234, requestedAt: clock.now))
        let animal = try #require(try await stores.fleet.freeAnimals().first { $0.rideOptionID == "wallaroo" })
        return try #require(try await stores.rides.apply(.assign(ride, animal: animal, at: clock.now)))
    }

    /// A ride of the rider's, finished by the clock (and stored so).
    func finishedRide(for userID: UserID) async throws -> Ride {
        let ride = try await assignedRide(for: userID)
        clock.advance(by: 86_400)
        let seen = try await look(ride.id).get()
        #expect(seen.ride.status == .finished)
        return seen.ride
    }

    func look(_ rideID: RideID, by role: StaffRole = .fleet) async throws -> Result<OpsRide, OpsRideError> {
        try await outcome(OpsRideError.self) {
            try await LookAtRideUseCase(
                rideID: rideID, member: member(role), now: clock.now, opsRides: stores.opsRides, rides: stores.rides
            ).run()
        }
    }

    func cancel(_ rideID: RideID, reason: String = " Animal unwell ", by role: StaffRole = .fleet) async throws
        -> Result<Ride, OpsRideError>
    {
        try await outcome(OpsRideError.self) {
            try await CancelRideByKooberUseCase(
                rideID: rideID, reason: reason, member: member(role), now: clock.now, opsRides: stores.opsRides,
                rides: stores.rides, signal: rideSignal
            ).run()
        }
    }

    func refund(_ rideID: RideID, _ amount: String, reason: String = "Took the long way", by role: StaffRole = .support)
        async throws -> Result<RideRefund, OpsRideError>
    {
        try await outcome(OpsRideError.self) {
            try await RefundRideUseCase(
                rideID: rideID, amount: amount, reason: reason, member: member(role), now: clock.now,
                opsRides: stores.opsRides
            ).run()
        }
    }

    func auditRows() async throws -> [AuditEntry] {
        try await stores.auditLog.entries(staff: nil, target: nil, before: nil, limit: 100).map(\.entry)
    }

    @Test func everyRoleFindsARideByItsIdAndNothingElse() async throws {
        let rider = try await addRider()
        let ride = try await assignedRide(for: rider.id)
        for role in StaffRole.allCases {
            let find = { (query: String) in
                try await FindRideUseCase(query: query, member: member(role), rides: stores.rides).run()
            }
            #expect(try await find(" \(ride.id.rawValue) ") == ride.id)
            #expect(try await find("\(ride.id.rawValue + 1)") == nil)
            for query in ["", "abc", "-1", "0", "1.5", "zoe@example.com", String(repeating: "9", count: 40)] {
                #expect(try await find(query) == nil, "\(query)")
            }
        }
        #expect(try await auditRows().isEmpty, "finding and looking at a ride are not audited")
    }

    @Test func aLookBringsTheRideUpToTheClockAndShowsItsRiderAndTimeline() async throws {
        let rider = try await addRider()
        let ride = try await assignedRide(for: rider.id)
        let timeline = try #require(ride.timeline())
        clock.advance(by: timeline.departsPickup.timeIntervalSince(clock.now) + 1)
        let seen = try await look(ride.id, by: .support).get()
        #expect(seen.rider == rider)
        #expect(seen.ride.status == .riding)
        #expect(seen.record.events.map(\.status) == [.finding, .onTheWay, .arrived, .riding])
        #expect(try await look(RideID(ride.id.rawValue + 1)).failure == .noSuchRide)
        #expect(try await auditRows().isEmpty)
    }

    @Test func koobersCancelEndsALiveRideWithItsReasonAndTellsTheDispatcher() async throws {
        let rider = try await addRider()
        let ride = try await assignedRide(for: rider.id)
        clock.advance(by: 5)
        let signals = rideSignal.signals
        let cancelled = try await cancel(ride.id).get()
        #expect(cancelled.status == .cancelled && cancelled.cancelledByKoober && cancelled.chargedCents == .zero)
        #expect(rideSignal.signals == signals + 1)
        #expect(
            try await auditRows() == [
                AuditEntry(
                    by: member(.fleet), .cancelledRide, target: .ride(ride.id), reason: "Animal unwell", at: clock.now)
            ])
        #expect(try await stores.rides.followedRide(userID: rider.id)?.cancelledByKoober == true)
        #expect(try await cancel(ride.id).failure == .notLive, "once")
        #expect(try await auditRows().count == 1)
    }

    @Test func aRideBeingRiddenCanBeCancelledByKooberButNotOnceOver() async throws {
        let rider = try await addRider()
        let ride = try await assignedRide(for: rider.id)
        let timeline = try #require(ride.timeline())
        clock.advance(by: timeline.departsPickup.timeIntervalSince(clock.now) + 1)
        #expect(try await cancel(ride.id, by: .admin).get().cancelledByKoober)

        let other = try await addRider(email: "kim@example.com")
        let finished = try await finishedRide(for: other.id)
        #expect(try await cancel(finished.id).failure == .notLive)
        #expect(try await auditRows().count == 1)
    }

    @Test func refusedCancelsChangeNothingAndWriteNoRow() async throws {
        let rider = try await addRider()
        let ride = try await assignedRide(for: rider.id)
        #expect(try await cancel(ride.id, reason: " \n ").failure == .invalid(amount: nil, reason: .missing))
        #expect(
            try await cancel(ride.id, reason: String(repeating: "x", count: 501)).failure
                == .invalid(amount: nil, reason: .tooLong(AuditEntry.reasonLimit)))
        #expect(try await cancel(RideID(ride.id.rawValue + 1)).failure == .noSuchRide)
        // The rider cancels first: Koober's cancel finds nothing live.
        _ = try await CancelRideUseCase(
            userID: rider.id, now: clock.now, rideRepository: stores.rides, signal: rideSignal
        )
        .run()
        #expect(try await cancel(ride.id).failure == .notLive)
        #expect(try await stores.rides.ride(id: ride.id)?.cancelledByKoober == false)
        #expect(try await auditRows().isEmpty)
    }

    @Test func aRefundTakesDollarsUpToTheFarePlusTipOnceWithItsReason() async throws {
        let rider = try await addRider()
        let ride = try await finishedRide(for: rider.id)
        #expect(try await refund(ride.id, "A$12.35").failure == .overLimit(1_234))
        let refunded = try await refund(ride.id, " A$1.50 ").get()
        #expect(refunded == RideRefund(amount: 150, refundedAt: clock.now))
        let feedback = try await stores.rideFeedback.feedback(rideID: ride.id)
        #expect(feedback.refund == refunded)
        #expect(feedback.totalCents(of: ride) == 1_084)
        #expect(
            try await auditRows() == [
                AuditEntry(
                    by: member(.support), .refunded, target: .ride(ride.id), reason: "Took the long way", at: clock.now)
            ])
        #expect(try await refund(ride.id, "1").failure == .alreadyRefunded)
        #expect(try await auditRows().count == 1)
    }

    @Test func refusedRefundsChangeNothingAndWriteNoRow() async throws {
        let rider = try await addRider()
        let live = try await assignedRide(for: rider.id)
        #expect(try await refund(live.id, "1").failure == .notFinished)
        #expect(try await refund(RideID(live.id.rawValue + 1), "1").failure == .noSuchRide)
        #expect(try await refund(live.id, "1", by: .fleet).failure == .notAllowed)
        #expect(try await refund(live.id, "  ").failure == .invalid(amount: .missing, reason: nil))
        #expect(try await refund(live.id, "1", reason: "").failure == .invalid(amount: nil, reason: .missing))
        #expect(try await refund(live.id, "x", reason: "").failure == .invalid(amount: .notAnAmount, reason: .missing))
        for amount in ["0", "0.00", "-1", "1e9", "1.005", "NaN", "99999999999999999999", "1,50", "A$ 1"] {
            #expect(
                try await refund(live.id, amount).failure == .invalid(amount: .notAnAmount, reason: nil), "\(amount)")
        }
        #expect(try await auditRows().isEmpty)
    }

    @Test func refundAmountsAreReadIntoWholeCentsWithoutFloatingPoint() {
        for (text, cents) in [
            ("1.50", 150), ("1", 100), ("A$1.50", 150), ("$1.5", 150), ("0.01", 1), ("999999.99", 99_999_999),
        ] {
            #expect(RefundAmount(dollars: text)?.cents == Cents(cents), "\(text)")
        }
        for text in ["0", "1000000", "1.555", "", "A$", String(repeating: "1", count: 5_000)] {
            #expect(RefundAmount(dollars: text) == nil, "\(text.prefix(20))")
        }
        #expect(RefundAmount(cents: .max) == nil && RefundAmount(cents: .min) == nil && RefundAmount(cents: 0) == nil)
        #expect(Cents(5) - Cents(7) == Cents(-2))
        #expect(Cents(.min) - Cents(1) == Cents(.min) && Cents(.max) - Cents(-1) == Cents(.max))
    }
}
