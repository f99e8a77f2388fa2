import Foundation
import KooberKit
import KooberKitTestDoubles
import KooberWeb
import Logging
import Synchronization
import TestKit
import Testing

/// The dispatcher as a service: it rests between looks, and wakes when told.
@Suite struct RideDispatcherTests {
    /// Counts the dispatcher's looks (each ends by asking when the next ride is due).
    final class CountingRides: RideRepository {
        let working: InMemoryRideRepository
        let looks = Atomic<Int>(0)
        /// Says that changes are held back behind a transaction in flight, as PostgreSQL may.
        let heldBack = Atomic<Bool>(false)
        init(_ working: InMemoryRideRepository) { self.working = working }

        func nextDueTime() async throws -> Date? {
            looks.add(1, ordering: .relaxed)
            return try await working.nextDueTime()
        }
        func chosenDropoff(userID: UserID) async throws -> NamedLocation? {
            try await working.chosenDropoff(userID: userID)
        }
        func chooseDropoff(userID: UserID, placeID: PlaceID, at time: Date) async throws {
            try await working.chooseDropoff(userID: userID, placeID: placeID, at: time)
        }
        func followedRide(userID: UserID) async throws -> Ride? { try await working.followedRide(userID: userID) }
        func rideState(userID: UserID) async throws -> RideState { try await working.rideState(userID: userID) }
        func requestRide(_ request: NewRideRequest) async throws -> Ride { try await working.requestRide(request) }
        func startNewRide(userID: UserID) async throws { try await working.startNewRide(userID: userID) }
        func rides(userID: UserID, before: RideHistoryCursor?, limit: Int) async throws -> [Ride] {
            try await working.rides(userID: userID, before: before, limit: limit)
        }
        func ride(id: RideID) async throws -> Ride? { try await working.ride(id: id) }
        func events(rideID: RideID) async throws -> [RideEvent] { try await working.events(rideID: rideID) }
        func findingRides(rideOptionIDs: Set<String>, limit: Int) async throws -> [Ride] {
            try await working.findingRides(rideOptionIDs: rideOptionIDs, limit: limit)
        }
        func dueRides(at time: Date, limit: Int) async throws -> [Ride] {
            try await working.dueRides(at: time, limit: limit)
        }
        func apply(_ change: RideChange) async throws -> Ride? { try await working.apply(change) }
        func rideChanges(after cursor: RideChangeCursor, limit: Int) async throws -> RideChanges {
            let changes = try await working.rideChanges(after: cursor, limit: limit)
            return RideChanges(
                rides: changes.rides, cursor: changes.cursor, heldBack: heldBack.load(ordering: .relaxed))
        }
        func latestRideChange() async throws -> RideChangeCursor { try await working.latestRideChange() }
    }

    @Test func anIdleDispatcherRestsBetweenLooksAndWakesWhenTold() async throws {
        let places = InMemoryPlaceRepository(places: [])
        let working = InMemoryRideRepository(places: places)
        let rides = CountingRides(working)
        let clock = TestClock()
        let dispatcher = RideDispatcher(
            rideRepository: rides, fleetRepository: working,
            scheduledRides: InMemoryScheduledRideRepository.empty(rides: working), feed: RideFeed(),
            clock: clock,
            pollInterval: .seconds(60), logger: Logger(label: "koober.test")
        )
        let running = Task { try await dispatcher.run() }
        // One look at the start, then rest until its poll: asleep on the clock after exactly one look.
        await clock.sleepers(atLeast: 1)
        #expect(rides.looks.load(ordering: .relaxed) == 1)

        // Told of a change, it looks again long before its next poll, then rests again.
        dispatcher.ridesChanged()
        #expect(try await eventually { rides.looks.load(ordering: .relaxed) == 2 && clock.sleeperCount == 1 })
        clock.advance(by: 59)
        #expect(rides.looks.load(ordering: .relaxed) == 2)

        // Its poll comes when the clock says so.
        clock.advance(by: 1)
        #expect(try await eventually { rides.looks.load(ordering: .relaxed) == 3 && clock.sleeperCount == 1 })

        running.cancel()
        _ = try? await running.value
        #expect(clock.sleeperCount == 0)
        let stopped = rides.looks.load(ordering: .relaxed)
        clock.advance(by: 3_600)
        #expect(rides.looks.load(ordering: .relaxed) == stopped)
    }

    /// Changes held back behind a transaction in flight: it looks again 5 ms later, then 10, 20, 40 ms (a transaction
    /// left open costs a look every `pollInterval` at most), and rests until its poll once nothing is held back.
    @Test func aDispatcherFindingChangesHeldBackLooksAgainSoonThenLessOften() async throws {
        let places = InMemoryPlaceRepository(places: [])
        let working = InMemoryRideRepository(places: places)
        let rides = CountingRides(working)
        rides.heldBack.store(true, ordering: .relaxed)
        let clock = TestClock()
        let dispatcher = RideDispatcher(
            rideRepository: rides, fleetRepository: working,
            scheduledRides: InMemoryScheduledRideRepository.empty(rides: working), feed: RideFeed(),
            clock: clock, pollInterval: .milliseconds(50), logger: Logger(label: "koober.test")
        )
        let running = Task { try await dispatcher.run() }
        defer { running.cancel() }
        await clock.sleepers(atLeast: 1)
        #expect(rides.looks.load(ordering: .relaxed) == 1)

        // Each wait twice the last, up to the poll's 50 ms.
        for (index, wait) in [0.005, 0.01, 0.02, 0.04, 0.05, 0.05].enumerated() {
            clock.advance(by: wait * 0.9)
            #expect(rides.looks.load(ordering: .relaxed) == index + 1, "looked before \(wait) s")
            clock.advance(by: wait * 0.1 + 0.000_1)
            #expect(
                try await eventually { rides.looks.load(ordering: .relaxed) == index + 2 && clock.sleeperCount == 1 })
        }

        // Nothing held back: the next wait is the poll's, and a held-back look after that starts again at 5 ms.
        rides.heldBack.store(false, ordering: .relaxed)
        clock.advance(by: 0.050_1)
        #expect(try await eventually { rides.looks.load(ordering: .relaxed) == 8 && clock.sleeperCount == 1 })
        rides.heldBack.store(true, ordering: .relaxed)
        clock.advance(by: 0.045)
        #expect(rides.looks.load(ordering: .relaxed) == 8)
        clock.advance(by: 0.005_1)
        #expect(try await eventually { rides.looks.load(ordering: .relaxed) == 9 && clock.sleeperCount == 1 })
        clock.advance(by: 0.005_1)
        #expect(try await eventually { rides.looks.load(ordering: .relaxed) == 10 && clock.sleeperCount == 1 })
    }

    /// Issue 29's stall: one wallaroo, two riders at `--ride-clock-rate 60`. The second rider must get the wallaroo
    /// within 2 seconds of it becoming free, with nothing else happening on the server (no request, no cancel to
    /// wake the dispatcher). Virtual time moves in 100 ms steps, each taken only once the dispatcher is asleep.
    @Test func aWaitingRideGetsTheFreedAnimalWithinTwoSecondsWithNothingElseHappening() async throws {
        let places = InMemoryPlaceRepository(places: SydneyPlaces.all)
        let rides = InMemoryRideRepository(places: places)
        let pickup = Location(latitude: -33.864308, longitude: 151.209146)
        try await rides.provide([FleetMember(rideOptionID: "wallaroo", number: 1, name: "Wattle", restingPlace: pickup)]
        )
        let clock = TestClock(Date(timeIntervalSince1970: 1_800_000_000))
        let dropoff = try #require(SydneyPlaces.all.first)
        for rider in [UserID(1), UserID(2)] {
            _ = try await rides.requestRide(
                NewRideRequest(
                    userID: rider, pickup: pickup, dropoffID: dropoff.id, rideOptionID: "wallaroo", fareCents: 1_000,
                    requestedAt: clock.now, clockRate: 60))
        }
        let dispatcher = RideDispatcher(
            rideRepository: rides, fleetRepository: rides,
            scheduledRides: InMemoryScheduledRideRepository.empty(rides: rides),
            feed: RideFeed(), clock: clock,
            logger: Logger(label: "koober.test"))
        let running = Task { try await dispatcher.run() }
        defer { running.cancel() }

        var secondAssignedAt: Date?
        for _ in 0..<20_000 where secondAssignedAt == nil {
            await clock.sleepers(atLeast: 1)
            let second = try #require(try await rides.followedRide(userID: UserID(2)))
            if second.status != .finding { secondAssignedAt = clock.now }
            clock.advance(by: 0.1)
        }
        let assigned = try #require(secondAssignedAt)
        // When the first ride finished by the clock (its history keeps the clock's time, not the time it was stored),
        // which freed the wallaroo.
        let first = try #require(try await rides.followedRide(userID: UserID(1)))
        let freed = try #require(try await rides.events(rideID: first.id).first { $0.status == .finished }?.at)
        #expect(assigned >= freed)
        #expect(assigned.timeIntervalSince(freed) <= 2)
        #expect(try await rides.followedRide(userID: UserID(2))?.assignment?.animalName == "Wattle")
    }

    /// Issue 33: a booking starts when its start time comes, with nothing else happening and the dispatcher's poll an
    /// hour away: its next wake-up includes the next scheduled start.
    @Test func anIdleDispatcherWakesForTheNextScheduledStart() async throws {
        let stores = StoreServices.inMemory()
        let rider = try await stores.users.create(
            NewUser(
                name: "Johnny Appleseed", nickname: "Johnny", email: "johnny@gmail.com", mobileNumber: "555",
                passwordHash: "hash"))
        let clock = TestClock(Date(timeIntervalSince1970: 1_800_000_000))
        let booked = try await stores.scheduledRides.book(
            NewScheduledRide(
                userID: rider.id, pickup: Location(latitude: -33.864308, longitude: 151.209146), dropoffID: PlaceID(1),
                rideOptionID: "wallaroo", fareCents: 1_000, pickupAt: clock.now + 630, bookedAt: clock.now))
        #expect(booked.startAt == clock.now + 30)
        let dispatcher = RideDispatcher(
            rideRepository: stores.rides, fleetRepository: stores.fleet, scheduledRides: stores.scheduledRides,
            feed: RideFeed(), clock: clock, pollInterval: .seconds(3_600), logger: Logger(label: "koober.test"))
        let running = Task { try await dispatcher.run() }
        defer { running.cancel() }

        await clock.sleepers(atLeast: 1)
        clock.advance(by: 29.9)
        await clock.sleepers(atLeast: 1)
        #expect(try await stores.rides.followedRide(userID: rider.id) == nil)
        clock.advance(by: 0.1)
        #expect(try await eventually { try await stores.rides.followedRide(userID: rider.id)?.status == .finding })
        #expect(try await stores.rides.followedRide(userID: rider.id)?.requestedAt == booked.startAt)
    }
}
