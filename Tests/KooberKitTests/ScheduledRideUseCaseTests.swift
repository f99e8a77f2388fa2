import Foundation
import KooberKit
import KooberKitTestDoubles
import Testing

/// Book, list, cancel and start scheduled rides on the in-memory store, in virtual time (SPEC.md, "Scheduled rides").
/// "Now" is Friday 27 November 2026, 9:00 am in Sydney unless a test says otherwise.
struct ScheduledRideUseCaseTests {
    typealias World = ScheduleWorld
    static let friday = World.friday

    // MARK: Booking

    @Test func bookingStoresTheRideWithTodaysFareQueuesItsMailAndGoesBackToStepOne() async throws {
        let world = try await World.make()
        let booked = try await world.book("2026-11-28", "09:30").get()

        #expect(booked.pickupAt == World.sydney("2026-11-28", "09:30"))
        #expect(booked.status == .upcoming)
        #expect(booked.dropoff == TestPlaces.operaHouse)
        #expect(booked.rideOptionName == "Wallaroo")
        let kilometres = sydneyPickup.kilometres(to: TestPlaces.operaHouse.location)
        #expect(booked.fareCents == RideOption.wallaroo.fareCents(forKilometres: kilometres))
        #expect(try await world.upcoming() == [booked])
        #expect(try await world.mails() == [.scheduledRideBooked])
        #expect(try await world.stores.rides.rideState(userID: world.rider) == .choosingDropoff)
        #expect(world.signal.signals == 1)
    }

    @Test func anUnconfirmedEmailGetsNoMail() async throws {
        let world = try await World.make(confirmed: false)
        _ = try await world.book("2026-11-28", "09:30").get()
        #expect(!(try await world.mails()).contains(.scheduledRideBooked))
    }

    @Test(arguments: [
        ("", "09:30", BookScheduledRideError.missingDate), ("2026-11-28", "", .missingTime),
        ("28/11/2026", "09:30", .invalidDate), ("2026-11-31", "09:30", .invalidDate),
        ("2026-11-28", "9.30am", .invalidTime), ("2026-11-28", "25:00", .invalidTime),
    ])
    func aMissingOrMalformedPickupTimeIsRefusedAndStoresNothing(
        date: String, time: String, error: BookScheduledRideError
    ) async throws {
        let world = try await World.make()
        #expect(try await world.book(date, time).failure == error)
        #expect(try await world.upcoming().isEmpty)
        #expect(try await world.mails().isEmpty)
    }

    @Test func noOptionOrAForgedOneIsRefused() async throws {
        let world = try await World.make()
        #expect(try await world.book("2026-11-28", "09:30", option: nil).failure == .noRideOptionChosen)
        #expect(try await world.book("2026-11-28", "09:30", option: "koala").failure == .unknownRideOption)
        #expect(try await world.upcoming().isEmpty)
    }

    @Test func fifteenMinutesAheadIsTheSoonestToTheMinute() async throws {
        let world = try await World.make()
        #expect(try await world.book("2026-11-27", "09:14").failure == .refused(.tooSoon))
        #expect(try await world.book("2026-11-27", "09:15").get().pickupAt == Self.friday + minutes(15))
    }

    @Test func atClockRateSixtyFifteenSecondsAheadIsEnough() async throws {
        let world = try await World.make()
        let now = Self.friday - seconds(44)  // 8:59:16 am: 9:00 is 44 s ahead
        #expect(
            try await world.book("2026-11-27", "09:00", at: Self.friday - seconds(14), rate: 60).failure
                == .refused(.tooSoon))
        #expect(try await world.book("2026-11-27", "09:00", at: now, rate: 60).get().clockRate == 60)
    }

    @Test func sevenDaysAheadIsTheLatest() async throws {
        let world = try await World.make()
        #expect(try await world.book("2026-12-04", "09:01").failure == .refused(.tooFar))
        #expect(try await world.book("2026-12-04", "09:00").get().pickupAt == Self.friday + days(7))
    }

    @Test func aFourthUpcomingRideIsRefused() async throws {
        let world = try await World.make()
        for day in ["28", "29", "30"] { _ = try await world.book("2026-11-\(day)", "09:30").get() }
        #expect(try await world.book("2026-12-01", "09:30").failure == .refused(.tooManyUpcoming))
        #expect(try await world.upcoming().count == 3)
    }

    @Test func thirtyMinutesApartIsAllowedAndTwentyNineIsNot() async throws {
        let world = try await World.make()
        _ = try await world.book("2026-11-28", "09:30").get()
        #expect(try await world.book("2026-11-28", "09:59").failure == .refused(.tooClose))
        #expect(try await world.book("2026-11-28", "09:01").failure == .refused(.tooClose))
        _ = try await world.book("2026-11-28", "10:00").get()
        _ = try await world.book("2026-11-28", "09:00").get()
        #expect(
            try await world.upcoming().map { SydneyTime.wallTime(at: $0.pickupAt).timeField } == [
                "09:00", "09:30", "10:00",
            ])
    }

    @Test func anotherRidersBookingsDoNotCount() async throws {
        let world = try await World.make()
        let jane = try await world.signUp(email: "jane@example.com")
        _ = try await world.book("2026-11-28", "09:30").get()
        _ = try await world.book("2026-11-28", "09:30", for: jane).get()
        #expect(try await world.upcoming(for: jane).count == 1)
    }

    @Test func aTimeTheClocksSkipIsRefused() async throws {
        let world = try await World.make()
        let now = World.sydney("2026-10-01", "09:00")
        #expect(try await world.book("2026-10-04", "02:30", at: now).failure == .timeDoesNotExist)
        #expect(try await world.upcoming().isEmpty)
    }

    /// Sat 4 Apr 2026, 9:00 pm AEDT; the clocks go back an hour that night, so 7 days on is 8:00 pm on the wall.
    @Test func sevenDaysAcrossTheAprilChangeAreMeasuredInRealTime() async throws {
        let world = try await World.make()
        let now = World.sydney("2026-04-04", "21:00")
        #expect(try await world.book("2026-04-11", "20:01", at: now).failure == .refused(.tooFar))
        #expect(try await world.book("2026-04-11", "20:00", at: now).get().pickupAt == now + days(7))
    }

    /// Sat 3 Oct 2026, 9:00 pm AEST; the clocks go forward an hour that night, so 7 days on is 10:00 pm on the wall.
    @Test func sevenDaysAcrossTheOctoberChangeAreMeasuredInRealTime() async throws {
        let world = try await World.make()
        let now = World.sydney("2026-10-03", "21:00")
        #expect(try await world.book("2026-10-10", "22:01", at: now).failure == .refused(.tooFar))
        #expect(try await world.book("2026-10-10", "22:00", at: now).get().pickupAt == now + days(7))
    }

    /// 1:50 am AEST on the October morning: 3:05 am AEDT is 15 minutes later (and 3:04 is 14).
    @Test func fifteenMinutesAcrossTheOctoberChangeAreMeasuredInRealTime() async throws {
        let world = try await World.make()
        let now = World.sydney("2026-10-04", "01:50")
        #expect(try await world.book("2026-10-04", "03:04", at: now).failure == .refused(.tooSoon))
        #expect(try await world.book("2026-10-04", "03:05", at: now).get().pickupAt == now + minutes(15))
    }

    /// 2:50 am AEDT on the April morning: the second 2:05 am (AEST) is 15 minutes later, but a 2:05 that exists twice
    /// is taken as the first, 45 minutes ago; 3:00 am (AEST) is 70 minutes ahead.
    @Test func anHourThatHappensTwiceIsItsFirstOccurrenceAcrossTheAprilChange() async throws {
        let world = try await World.make()
        let now = World.sydney("2026-04-05", "02:50")
        #expect(try await world.book("2026-04-05", "02:05", at: now).failure == .refused(.tooSoon))
        #expect(try await world.book("2026-04-05", "03:00", at: now).get().pickupAt == now + minutes(70))
    }

    // MARK: Cancelling

    @Test func cancellingBeforeTheStartFreesTheBookingAndItNeverStarts() async throws {
        let world = try await World.make()
        let booked = try await world.book("2026-11-28", "09:30").get()
        try await CancelScheduledRideUseCase(
            userID: world.rider, id: booked.id, scheduledRides: world.stores.scheduledRides
        )
        .run()
        #expect(try await world.upcoming().isEmpty)
        #expect(try await world.startDue(at: booked.pickupAt).isEmpty)
        #expect(try await world.stores.rides.followedRide(userID: world.rider) == nil)
        // The slot is free again.
        _ = try await world.book("2026-11-28", "09:30").get()
    }

    @Test func cancellingAfterTheStartOrSomeoneElsesBookingIsRefused() async throws {
        let world = try await World.make()
        let jane = try await world.signUp(email: "jane@example.com")
        let booked = try await world.book("2026-11-28", "09:30").get()
        let cancelAsJane = CancelScheduledRideUseCase(
            userID: jane, id: booked.id, scheduledRides: world.stores.scheduledRides)
        await #expect(throws: ScheduledRideRepositoryError.notFound) { try await cancelAsJane.run() }

        _ = try await world.startDue(at: booked.startAt)
        let cancel = CancelScheduledRideUseCase(
            userID: world.rider, id: booked.id, scheduledRides: world.stores.scheduledRides)
        await #expect(throws: ScheduledRideRepositoryError.notUpcoming) { try await cancel.run() }
        let unknown = CancelScheduledRideUseCase(
            userID: world.rider, id: ScheduledRideID(999), scheduledRides: world.stores.scheduledRides)
        await #expect(throws: ScheduledRideRepositoryError.notFound) { try await unknown.run() }
    }

    // MARK: Starting

    @Test func itStartsTenMinutesBeforeItsPickupAsIfConfirmWerePressedThen() async throws {
        let world = try await World.make()
        let booked = try await world.book("2026-11-28", "09:30").get()
        let start = World.sydney("2026-11-28", "09:20")
        #expect(booked.startAt == start)
        #expect(try await world.stores.scheduledRides.nextStartTime(after: Self.friday) == start)
        _ = try await world.mails()

        #expect(try await world.startDue(at: start - 0.001).isEmpty)
        let outcomes = try await world.startDue(at: start)
        guard case .started(let ride) = try #require(outcomes.first) else {
            Issue.record("not started: \(outcomes)")
            return
        }
        #expect(ride.status == .finding)
        #expect(ride.requestedAt == start)
        #expect(ride.fareCents == booked.fareCents)
        #expect(ride.dropoff == TestPlaces.operaHouse)
        #expect(ride.rideOptionID == "wallaroo")
        #expect(try await world.stores.rides.followedRide(userID: world.rider) == ride)
        #expect(try await world.stores.scheduledRides.scheduledRide(id: booked.id)?.status == .started(ride.id))
        #expect(try await world.upcoming().isEmpty)
        #expect(try await world.mails() == [.scheduledRideStarting])
        // Once started, a second look (this dispatcher or another) does nothing.
        #expect(try await world.startDue(at: start + 60).isEmpty)
        #expect(try await world.stores.scheduledRides.start(booked.id, at: start + 60) == .notUpcoming)
    }

    @Test func atClockRateSixtyItStartsTenSecondsBefore() async throws {
        let world = try await World.make()
        let booked = try await world.book("2026-11-27", "09:01", rate: 60).get()
        #expect(booked.startAt == World.sydney("2026-11-27", "09:01") - seconds(10))
        #expect(try await world.startDue(at: booked.startAt - 0.001).isEmpty)
        #expect(try await world.startDue(at: booked.startAt).count == 1)
    }

    @Test func behindARideInProgressItWaitsAndStartsOnceThatRideEnds() async throws {
        let world = try await World.make()
        let booked = try await world.book("2026-11-28", "09:30").get()
        let live = try await world.stores.rides.requestRide(
            NewRideRequest(
                userID: world.rider, pickup: sydneyPickup, dropoffID: TestPlaces.moma.id, rideOptionID: "wallabee",
                fareCents: 500, requestedAt: booked.startAt - 60))
        _ = try await world.mails()

        #expect(try await world.startDue(at: booked.startAt) == [.waiting])
        #expect(try await world.stores.scheduledRides.nextStartTime(after: booked.startAt) == booked.missAt)
        #expect(try await world.startDue(at: booked.missAt - 0.001) == [.waiting])
        #expect(try await world.mails().isEmpty)

        _ = try await world.stores.rides.apply(try #require(RideChange.cancel(live, at: booked.missAt - 1)))
        guard case .started(let ride) = try await world.startDue(at: booked.missAt - 0.5).first else {
            Issue.record("not started after the live ride ended")
            return
        }
        #expect(ride.requestedAt == (booked.missAt - 0.5).wholeSecondsForTest)
    }

    @Test func stillBehindARideInProgressAtItsMissTimeItIsMissedFreeOfChargeWithAMail() async throws {
        let world = try await World.make()
        let booked = try await world.book("2026-11-27", "09:01", at: Self.friday - seconds(30), rate: 60).get()
        _ = try await world.stores.rides.requestRide(
            NewRideRequest(
                userID: world.rider, pickup: sydneyPickup, dropoffID: TestPlaces.moma.id, rideOptionID: "wallabee",
                fareCents: 500, requestedAt: Self.friday, clockRate: 60))
        _ = try await world.mails()
        #expect(booked.missAt == booked.startAt + seconds(30))

        #expect(try await world.startDue(at: booked.startAt) == [.waiting])
        #expect(try await world.startDue(at: booked.missAt) == [.missed])
        #expect(try await world.stores.scheduledRides.scheduledRide(id: booked.id)?.status == .missed)
        #expect(try await world.mails() == [.scheduledRideMissed])
        #expect(try await world.stores.rides.rides(userID: world.rider, before: nil, limit: 10).count == 1)
        #expect(try await world.stores.scheduledRides.nextStartTime(after: booked.missAt) == nil)
    }

    @Test func twoDispatchersLookingAtOnceStartItOnce() async throws {
        let world = try await World.make()
        let booked = try await world.book("2026-11-28", "09:30").get()
        async let first = world.startDue(at: booked.startAt)
        async let second = world.startDue(at: booked.startAt)
        let outcomes = try await first + second
        #expect(outcomes.filter { if case .started = $0 { true } else { false } }.count == 1)
        #expect(try await world.stores.rides.rides(userID: world.rider, before: nil, limit: 10).count == 1)
    }

    @Test func aDispatcherStartedAfterARestartStartsWhatWasBookedBefore() async throws {
        let world = try await World.make()
        let booked = try await world.book("2026-11-28", "09:30").get()
        // Nothing of the first process is kept but the store: a new use case, later than the start time.
        let late = booked.startAt + minutes(3)
        let outcomes = try await StartDueScheduledRidesUseCase(now: late, scheduledRides: world.stores.scheduledRides)
            .run()
        guard case .started(let ride) = outcomes.first else {
            Issue.record("not started: \(outcomes)")
            return
        }
        #expect(ride.requestedAt == late)
    }

    @Test func deletingTheAccountTakesItsBookings() async throws {
        let world = try await World.make()
        let booked = try await world.book("2026-11-28", "09:30").get()
        try await world.stores.users.delete(id: world.rider)
        #expect(try await world.stores.scheduledRides.scheduledRide(id: booked.id) == nil)
        #expect(try await world.startDue(at: booked.startAt).isEmpty)
    }
}

extension Date {
    /// Rounded down to the whole second, as storage keeps a ride's request time.
    fileprivate var wholeSecondsForTest: Date { Date(timeIntervalSince1970: timeIntervalSince1970.rounded(.down)) }
}
