import Foundation
import KooberKit
import KooberKitTestDoubles
import Testing

/// The fleet, the dispatcher and the clock, on the in-memory stores: each status at the right simulated second, the
/// nearest animal, first come first served, Cancel Ride in every status, and a restart in the middle of each.
struct RideDispatchTests {
    /// A wallaroo resting at the Opera House (0.772 km from the pick-up), one at Sydney Airport, and a kangaroo right
    /// at the pick-up (the wrong option for a wallaroo ride).
    static let fleet = [
        FleetMember(rideOptionID: "wallaroo", number: 1, name: "Skippy", restingPlace: TestPlaces.operaHouse.location),
        FleetMember(
            rideOptionID: "wallaroo", number: 2, name: "Banjo", restingPlace: TestPlaces.sydneyAirport.location),
        FleetMember(rideOptionID: "kangaroo", number: 1, name: "Boomer", restingPlace: sydneyPickup),
    ]

    private func world(fleet: [FleetMember] = fleet) async throws -> RideWorld {
        let world = RideWorld()
        try await world.rides.provide(fleet)
        return world
    }

    @discardableResult
    private func dispatch(_ world: RideWorld, at time: Date) async throws -> [Ride] {
        try await AdvanceRidesUseCase(now: time, rideRepository: world.rides).run()
        return try await DispatchRidesUseCase(now: time, rideRepository: world.rides, fleetRepository: world.rides)
            .run()
    }

    private func live(_ world: RideWorld, _ rider: UserID = RideWorld.johnny, at time: Date) async throws -> Ride {
        try #require(try await LoadLiveRideUseCase(userID: rider, now: time, rideRepository: world.rides).run()).ride
    }

    @Test func theNearestFreeAnimalOfTheChosenOptionGetsTheRide() async throws {
        let world = try await world()
        try await world.requestRideTo(TestPlaces.georgeStreet)

        let assigned = try await dispatch(world, at: referenceTime + 5)

        #expect(assigned.map(\.assignment?.animalName) == ["Skippy"])
        #expect(assigned.first?.status == .onTheWay)
        #expect(assigned.first?.assignment?.start == TestPlaces.operaHouse.location)
        #expect(assigned.first?.assignment?.assignedAt == referenceTime + 5)
    }

    @Test func eachStatusComesAtTheRightSimulatedSecond() async throws {
        let world = try await world()
        try await world.requestRideTo(TestPlaces.georgeStreet)
        try await dispatch(world, at: referenceTime)
        // 0.772 km at 24 km/h: 115.8 s to the pick-up; a minute to board; 0.687 km (103.1 s) to George Street.
        let toPickup = TestPlaces.operaHouse.location.kilometres(to: sydneyPickup) / 24 * 3600
        let toDropoff = sydneyPickup.kilometres(to: TestPlaces.georgeStreet.location) / 24 * 3600
        #expect(abs(toPickup - 115.8) < 0.1 && abs(toDropoff - 103.1) < 0.1)
        let expectations: [(TimeInterval, RideStatus)] = [
            (toPickup - 0.5, .onTheWay), (toPickup + 0.5, .arrived), (toPickup + 59.5, .arrived),
            (toPickup + 60.5, .riding), (toPickup + 60 + toDropoff - 0.5, .riding),
            (toPickup + 60 + toDropoff + 0.5, .finished),
        ]
        for (seconds, status) in expectations {
            try await dispatch(world, at: referenceTime + seconds)
            #expect(try await world.rides.followedRide(userID: RideWorld.johnny)?.status == status, "at \(seconds) s")
        }
        let events = try await world.rides.events(rideID: try await live(world, at: referenceTime + 1_000).id)
        #expect(events.map(\.status) == [.finding, .onTheWay, .arrived, .riding, .finished])
        #expect(abs(events[2].at.timeIntervalSince(referenceTime) - toPickup) < 0.002)
        #expect(abs(events[3].at.timeIntervalSince(referenceTime) - toPickup - 60) < 0.002)
        #expect(abs(events[4].at.timeIntervalSince(referenceTime) - toPickup - 60 - toDropoff) < 0.002)
        // The finished ride frees Skippy at the drop-off.
        let skippy = try await world.rides.freeAnimals().first { $0.name == "Skippy" }
        #expect(skippy?.location == TestPlaces.georgeStreet.location)
    }

    @Test func theClockRateMakesARideThatManyTimesFaster() async throws {
        let world = try await world()
        try await world.selectDropoff(TestPlaces.georgeStreet.id).get()
        _ = try await RequestRideUseCase(
            userID: RideWorld.johnny, rideOptionID: "wallaroo", pickupLocation: sydneyPickup, now: referenceTime,
            clockRate: 60, rideRepository: world.rides, signal: world.signal
        ).run()
        try await dispatch(world, at: referenceTime)
        // 115.8 simulated seconds to the pick-up are 1.93 real ones; the ETA is given in simulated seconds.
        let ride = try await live(world, at: referenceTime + 1)
        let progress = ride.progress(at: referenceTime + 1)
        #expect(progress.status == .onTheWay)
        #expect(abs((progress.etaSeconds ?? 0) - (115.8 - 60)) < 0.2)
        #expect(try await live(world, at: referenceTime + 2).status == .arrived)
        #expect(try await live(world, at: referenceTime + 3).status == .riding)
        #expect(try await live(world, at: referenceTime + 5).status == .finished)
    }

    @Test func withOneFreeAnimalTheSecondRiderWaitsThenGetsItWhenTheFirstRideEnds() async throws {
        let world = try await world(fleet: [Self.fleet[0]])
        try await world.requestRideTo(TestPlaces.georgeStreet, for: RideWorld.johnny, at: referenceTime)
        try await world.requestRideTo(TestPlaces.moma, for: RideWorld.jane, at: referenceTime + 1)
        try await dispatch(world, at: referenceTime + 2)
        #expect(try await world.rides.followedRide(userID: RideWorld.johnny)?.status == .onTheWay)
        #expect(try await world.rides.followedRide(userID: RideWorld.jane)?.status == .finding)

        // Still busy a little later: Jane keeps waiting.
        try await dispatch(world, at: referenceTime + 60)
        #expect(try await world.rides.followedRide(userID: RideWorld.jane)?.status == .finding)

        // Johnny's ride ends (about 279 s in); the next look gives Skippy to Jane, from George Street.
        try await dispatch(world, at: referenceTime + 300)
        #expect(try await world.rides.followedRide(userID: RideWorld.johnny)?.status == .finished)
        let janes = try #require(try await world.rides.followedRide(userID: RideWorld.jane))
        #expect(janes.status == .onTheWay)
        #expect(janes.assignment?.animalName == "Skippy")
        #expect(janes.assignment?.start == TestPlaces.georgeStreet.location)
    }

    @Test func ridesWaitingForTheSameOptionAreServedInTheOrderTheyWereRequested() async throws {
        let world = try await world(fleet: [Self.fleet[0]])
        // Jane asked first, though further away.
        try await world.requestRideTo(TestPlaces.moma, for: RideWorld.jane, at: referenceTime)
        try await world.requestRideTo(TestPlaces.georgeStreet, for: RideWorld.johnny, at: referenceTime + 1)
        try await dispatch(world, at: referenceTime + 2)
        #expect(try await world.rides.followedRide(userID: RideWorld.jane)?.status == .onTheWay)
        #expect(try await world.rides.followedRide(userID: RideWorld.johnny)?.status == .finding)
    }

    @Test func aLongQueueForOneOptionDoesNotHoldBackAnotherOptionsRide() async throws {
        // Only Boomer (a kangaroo) is free; more wallaroo rides wait than one look reads.
        let world = try await world(fleet: [Self.fleet[2]])
        for rider in 0..<(DispatchRidesUseCase.batchSize + 5) {
            try await world.requestRideTo(TestPlaces.moma, for: UserID(Int64(100 + rider)), at: referenceTime)
        }
        try await world.requestRideTo(
            TestPlaces.georgeStreet, option: "kangaroo", for: RideWorld.johnny, at: referenceTime + 1)

        try await dispatch(world, at: referenceTime + 2)

        #expect(try await world.rides.followedRide(userID: RideWorld.johnny)?.assignment?.animalName == "Boomer")
    }

    @Test func aChangeWorkedOutFromAStaleRideIsNotApplied() async throws {
        let world = try await world()
        let ride = try await world.requestRideTo(TestPlaces.georgeStreet)
        let animals = try await world.rides.freeAnimals()
        // Two dispatchers read the same waiting ride; the first assignment wins, the second changes nothing.
        let first = try await world.rides.apply(.assign(ride, animal: animals[0], at: referenceTime))
        let second = try await world.rides.apply(.assign(ride, animal: animals[1], at: referenceTime))
        #expect(first?.assignment?.animalID == animals[0].id)
        #expect(second == nil)
        #expect(try await world.rides.followedRide(userID: RideWorld.johnny)?.assignment?.animalID == animals[0].id)
    }

    @Test func anAnimalIsNeverGivenToTwoRides() async throws {
        let world = try await world()
        let johnnys = try await world.requestRideTo(TestPlaces.georgeStreet, for: RideWorld.johnny)
        let janes = try await world.requestRideTo(TestPlaces.moma, for: RideWorld.jane)
        let skippy = try #require(try await world.rides.freeAnimals().first { $0.name == "Skippy" })
        #expect(try await world.rides.apply(.assign(johnnys, animal: skippy, at: referenceTime)) != nil)
        #expect(try await world.rides.apply(.assign(janes, animal: skippy, at: referenceTime)) == nil)
        #expect(try await world.rides.followedRide(userID: RideWorld.jane)?.status == .finding)
    }

    @Test(arguments: [RideStatus.finding, .onTheWay, .arrived])
    func cancelRideBeforePickUpEndsItFreeAndFreesTheAnimalWhereItStands(status: RideStatus) async throws {
        let world = try await world()
        try await world.requestRideTo(TestPlaces.georgeStreet)
        var time = referenceTime
        if status != .finding { try await dispatch(world, at: time) }
        if status == .onTheWay { time += 60 }
        if status == .arrived { time += 150 }
        let before = try await live(world, at: time)
        #expect(before.progress(at: time).status == status)
        let position = before.progress(at: time).position

        let cancelled = try await world.cancelRide(at: time).get()

        #expect(cancelled.status == .cancelled)
        #expect(cancelled.chargedCents == 0)
        #expect(cancelled.endedAt == time)
        #expect(world.signal.signals >= 1)
        let skippy = try await world.rides.freeAnimals().first { $0.name == "Skippy" }
        #expect(skippy != nil)
        if let position { #expect(skippy?.location == position) }
        let events = try await world.rides.events(rideID: cancelled.id).map(\.status)
        #expect(events.last == .cancelled)
        #expect(events.contains(status))
        // Cancelled is final: cancelling again says there is nothing to cancel.
        #expect(try await world.cancelRide(at: time + 1).failure == .noRideInProgress)
    }

    @Test func onceRidingOrFinishedARideCannotBeCancelled() async throws {
        let world = try await world()
        try await world.requestRideTo(TestPlaces.georgeStreet)
        try await dispatch(world, at: referenceTime)
        #expect(try await world.cancelRide(at: referenceTime + 200).failure == .alreadyRiding)
        #expect(try await world.rides.followedRide(userID: RideWorld.johnny)?.status == .riding)
        #expect(try await world.cancelRide(at: referenceTime + 400).failure == .noRideInProgress)
        #expect(try await world.rides.followedRide(userID: RideWorld.johnny)?.status == .finished)
        #expect(
            try await world.rides.followedRide(userID: RideWorld.johnny)?.chargedCents
                == (try await world.rides.followedRide(userID: RideWorld.johnny))?.fareCents)
    }

    /// Nothing lives in memory but the stores: a dispatcher that "restarts" (new use cases, later clock) in the middle
    /// of any status carries the ride on where the clock says it is, with every missed status in its history.
    @Test(arguments: [RideStatus.finding, .onTheWay, .arrived, .riding])
    func aRestartInTheMiddleOfEachStatusCarriesTheRideOn(status: RideStatus) async throws {
        let world = try await world()
        try await world.requestRideTo(TestPlaces.georgeStreet)
        let crashAt: [RideStatus: TimeInterval] = [.finding: 0, .onTheWay: 60, .arrived: 150, .riding: 200]
        if status != .finding { try await dispatch(world, at: referenceTime) }
        let time = referenceTime + crashAt[status]!
        #expect(try await live(world, at: time).progress(at: time).status == status)

        // Down for ten minutes; the first look afterwards finishes the ride (or, if it was waiting, assigns it).
        try await dispatch(world, at: time + 600)
        let ride = try #require(try await world.rides.followedRide(userID: RideWorld.johnny))
        #expect(ride.status == (status == .finding ? .onTheWay : .finished))
        let events = try await world.rides.events(rideID: ride.id).map(\.status)
        #expect(
            events
                == (status == .finding ? [.finding, .onTheWay] : [.finding, .onTheWay, .arrived, .riding, .finished]))
    }

    @Test func fleetAvailabilityIsTheNearestFreeAnimalOfEachOptionInWholeMinutes() async throws {
        let world = try await world()
        let availability = try await LoadFleetAvailabilityUseCase(
            pickupLocation: sydneyPickup, fleetRepository: world.rides
        ).run()
        // Skippy: 0.772 km → 1.93 min → 2; Boomer is at the pick-up → at least 1; no wallabee at all.
        #expect(availability.minutesAway == ["wallaroo": 2, "kangaroo": 1])
    }

    @Test func theSeededFleetHasTheGivenNumberOfEachOptionWithNamesAndPlacesInCentralSydney() {
        let members = Fleet.members(size: 12)
        #expect(members.count == 36)
        #expect(Set(members.map(\.rideOptionID)) == ["wallabee", "wallaroo", "kangaroo"])
        #expect(Set(members.map { "\($0.rideOptionID)/\($0.name)" }).count == 36)
        #expect(members.allSatisfy { $0.restingPlace.kilometres(to: sydneyPickup) < 3 })
        #expect(Fleet.members(size: 12) == members)
        #expect(members.first { $0.rideOptionID == "wallaroo" }?.name == "Skippy")
    }

    /// The resting places spread over the whole resting area: in a 4 × 4 split of it, each part holds between half
    /// and one and a half times its share of each option's animals (issue 45: they used to lie on a few lines).
    @Test func theSeededFleetIsSpreadOverCentralSydney() {
        let area = Fleet.restingArea
        for option in RideOption.all {
            let members = Fleet.members(size: 700).filter { $0.rideOptionID == option.id }
            var counts = [Int](repeating: 0, count: 16)
            for member in members {
                let north = (member.restingPlace.latitude - area.south) / (area.north - area.south)
                let east = (member.restingPlace.longitude - area.west) / (area.east - area.west)
                counts[min(3, Int(north * 4)) * 4 + min(3, Int(east * 4))] += 1
            }
            let share = Double(members.count) / 16
            #expect(counts.allSatisfy { Double($0) > share / 2 && Double($0) < share * 1.5 }, "\(option.id): \(counts)")
        }
    }
}
