import Foundation
import KooberKit
import KooberKitTestDoubles
import Testing

struct RequestRideUseCaseTests {
    @Test func confirmingWithoutChoosingAnOptionIsRefusedAndStoresNothing() async throws {
        let world = RideWorld()
        try await world.selectDropoff(TestPlaces.operaHouse.id).get()

        #expect(try await world.requestRide(nil).failure == .noRideOptionChosen)

        #expect(try await world.history().isEmpty)
        #expect(try await world.state() == .choosingRideOption(dropoff: TestPlaces.operaHouse))
    }

    @Test func anEmptyOptionIDCountsAsNoChoice() async throws {
        let world = RideWorld()
        try await world.selectDropoff(TestPlaces.operaHouse.id).get()

        #expect(try await world.requestRide("").failure == .noRideOptionChosen)

        #expect(try await world.history().isEmpty)
        #expect(try await world.state() == .choosingRideOption(dropoff: TestPlaces.operaHouse))
    }

    @Test(arguments: ["koala", "Wallaroo", "wallaroo ", "1", "'; DROP TABLE rides; --"])
    func aForgedOptionIsRefusedAsUnknownAndStoresNothing(rideOptionID: String) async throws {
        let world = RideWorld()
        try await world.selectDropoff(TestPlaces.operaHouse.id).get()

        #expect(try await world.requestRide(rideOptionID).failure == .unknownRideOption)

        #expect(try await world.history().isEmpty)
        #expect(try await world.state() == .choosingRideOption(dropoff: TestPlaces.operaHouse))
    }

    /// A Confirm whose session was checked just before Koober Ops locked the account requests nothing.
    @Test func confirmingAfterALockIsRefusedAsLockedAndStoresNothing() async throws {
        let world = RideWorld()
        try await world.selectDropoff(TestPlaces.operaHouse.id).get()
        await world.rides.setLocked(true, userID: RideWorld.johnny)

        #expect(try await world.requestRide("wallaroo").failure == .accountLocked)

        #expect(try await world.history().isEmpty)
        #expect(world.signal.signals == 0)
    }

    @Test func confirmingBeforeChoosingADropoffIsRefused() async throws {
        let world = RideWorld()

        #expect(try await world.requestRide("wallaroo").failure == .noDropoffChosen)

        #expect(try await world.history().isEmpty)
        #expect(try await world.state() == .choosingDropoff)
    }

    @Test func confirmingStoresTheRideWithEverythingTheRiderChose() async throws {
        let world = RideWorld()
        let now = referenceTime + minutes(7)
        try await world.selectDropoff(TestPlaces.sydneyAirport.id, at: referenceTime).get()

        let ride = try await world.requestRide("wallaroo", at: now).get()

        #expect(ride.userID == RideWorld.johnny)
        #expect(ride.pickup == sydneyPickup)
        #expect(ride.dropoff == TestPlaces.sydneyAirport)
        #expect(ride.rideOptionID == "wallaroo")
        // 350 + 160 × 8.9671005552 km = 1784.74 cents
        #expect(ride.fareCents == 1785)
        #expect(ride.requestedAt == now)
        #expect(ride.status == .finding)
        #expect(try await world.history() == [ride])
        #expect(try await world.rides.followedRide(userID: RideWorld.johnny) == ride)
    }

    @Test(arguments: [("wallabee", 343), ("wallaroo", 474), ("kangaroo", 685)])
    func theFareIsTheChosenOptionsFareForTheDistance(rideOptionID: String, fareCents: Int) async throws {
        let world = RideWorld()

        let ride = try await world.requestRideTo(TestPlaces.operaHouse, option: rideOptionID)

        #expect(ride.fareCents == Cents(fareCents))
        #expect(
            ride.fareCents
                == RideQuote.all(from: sydneyPickup, to: TestPlaces.operaHouse).first { $0.option.id == rideOptionID }?
                .fareCents)
    }

    @Test func theFareIsMeasuredFromThePickUpTheUseCaseIsGiven() async throws {
        let world = RideWorld()
        try await world.selectDropoff(TestPlaces.manlyBeach.id).get()

        let ride = try await world.requestRide("wallabee", from: TestPlaces.manlyBeach.location).get()

        #expect(ride.pickup == TestPlaces.manlyBeach.location)
        #expect(ride.fareCents == 250)
    }

    @Test func confirmingClearsTheChosenDropoff() async throws {
        let world = RideWorld()
        let ride = try await world.requestRideTo(TestPlaces.moma)

        #expect(try await world.rides.chosenDropoff(userID: RideWorld.johnny) == nil)
        #expect(try await world.state() == .following(ride))
    }

    @Test func aSecondConfirmWhileTheRideIsWaitingIsRefusedAndKeepsOneRide() async throws {
        let world = RideWorld()
        let ride = try await world.requestRideTo(TestPlaces.operaHouse)

        #expect(
            try await world.requestRide("kangaroo", at: referenceTime + seconds(5)).failure == .rideAlreadyRequested)

        #expect(try await world.history() == [ride])
        #expect(try await world.state() == .following(ride))
    }

    @Test func aRideAlreadyWaitingIsReportedEvenWithoutAnOptionChosen() async throws {
        let world = RideWorld()
        try await world.requestRideTo(TestPlaces.operaHouse)

        #expect(try await world.requestRide(nil).failure == .rideAlreadyRequested)
        #expect(try await world.history().count == 1)
    }

    @Test func tenSimultaneousConfirmsForOneRiderRequestExactlyOneRide() async throws {
        let world = RideWorld()
        try await world.selectDropoff(TestPlaces.operaHouse.id).get()

        let results = try await withThrowingTaskGroup(of: Result<Ride, RequestRideError>.self) { group in
            for index in 0..<10 {
                let option = RideOption.all[index % 3].id
                group.addTask { try await world.requestRide(option) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }

        let successes = results.compactMap { try? $0.get() }
        #expect(successes.count == 1)
        #expect(results.count == 10)
        #expect(try await world.history() == successes)
        if let ride = successes.first {
            #expect(try await world.state() == .following(ride))
        }
    }

    /// Found by this suite: when the other tab commits between this Confirm's "is a ride in progress?" check and
    /// its read of the chosen drop-off, the drop-off is already gone and the rider is told "No Drop-off Chosen"
    /// while their ride is on its way; `RequestRideUseCase` rechecks for a ride in progress when it finds no drop-off.
    @Test func aConfirmThatLosesTheRaceToAnotherTabIsToldTheRideIsAlreadyRequested() async throws {
        let world = RideWorld()
        try await world.selectDropoff(TestPlaces.operaHouse.id).get()
        let racing = OtherTabConfirmsMidwayRideRepository(
            working: world.rides,
            otherTabsRequest: NewRideRequest(
                userID: RideWorld.johnny, pickup: sydneyPickup, dropoffID: TestPlaces.operaHouse.id,
                rideOptionID: "kangaroo", fareCents: 685, requestedAt: referenceTime
            )
        )

        let result = try await outcome(RequestRideError.self) {
            try await RequestRideUseCase(
                userID: RideWorld.johnny, rideOptionID: "wallaroo", pickupLocation: sydneyPickup, now: referenceTime,
                rideRepository: racing, signal: RideChangeSignalSpy()
            ).run()
        }

        #expect(try await world.history().map(\.rideOptionID) == ["kangaroo"])
        #expect(result.failure == .rideAlreadyRequested)
    }

    @Test func aRequestNamingOneOfKoobersPlacesWhereItIsStoresTheRideWithoutADraft() async throws {
        let world = RideWorld()
        let place = TestPlaces.operaHouse
        let ride = try await world.requestRide(
            "kangaroo",
            to: (place.id, Location(latitude: place.location.latitude + 5e-7, longitude: place.location.longitude))
        ).get()
        #expect(ride.dropoff == place && ride.rideOptionID == "kangaroo" && ride.status == .finding)
        #expect(
            ride.fareCents == RideOption.kangaroo.fareCents(forKilometres: sydneyPickup.kilometres(to: place.location)))
        #expect(world.signal.signals == 1)
    }

    @Test func aRequestNamingAPlaceKooberDoesNotHaveOrNotWhereItIsIsRefused() async throws {
        let world = RideWorld()
        let place = TestPlaces.operaHouse
        #expect(
            try await world.requestRide("wallaroo", to: (TestPlaces.unknownID, place.location)).failure == .unknownPlace
        )
        let elsewhere = Location(latitude: place.location.latitude + 1e-5, longitude: place.location.longitude)
        #expect(try await world.requestRide("wallaroo", to: (place.id, elsewhere)).failure == .placeElsewhere)
        #expect(try await world.history().isEmpty)
    }

    @Test func aPickupOutsideSydneyIsRefused() async throws {
        let world = RideWorld()
        let london = Location(latitude: 51.5072, longitude: -0.1276)
        let place = TestPlaces.operaHouse
        #expect(
            try await world.requestRide("wallaroo", from: london, to: (place.id, place.location)).failure
                == .pickupOutsideSydney)
        #expect(try await world.history().isEmpty)
    }
}
