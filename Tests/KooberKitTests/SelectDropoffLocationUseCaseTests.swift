import Foundation
import KooberKit
import Testing

struct SelectDropoffLocationUseCaseTests {
    @Test func choosingAKnownPlaceMakesItTheRidersDropoff() async throws {
        let world = RideWorld()

        let result = try await world.selectDropoff(TestPlaces.operaHouse.id)

        #expect(throws: Never.self) { try result.get() }
        #expect(try await world.rides.chosenDropoff(userID: RideWorld.johnny) == TestPlaces.operaHouse)
        #expect(try await world.state() == .choosingRideOption(dropoff: TestPlaces.operaHouse))
    }

    @Test func choosingAgainChangesTheDropoff() async throws {
        let world = RideWorld()
        try await world.selectDropoff(TestPlaces.operaHouse.id).get()

        try await world.selectDropoff(TestPlaces.manlyBeach.id, at: referenceTime + minutes(1)).get()

        #expect(try await world.state() == .choosingRideOption(dropoff: TestPlaces.manlyBeach))
    }

    @Test func anUnknownPlaceIsRefusedAndChangesNothing() async throws {
        let world = RideWorld()

        #expect(try await world.selectDropoff(TestPlaces.unknownID).failure == .unknownPlace)
        #expect(try await world.state() == .choosingDropoff)

        try await world.selectDropoff(TestPlaces.moma.id).get()
        #expect(try await world.selectDropoff(TestPlaces.unknownID).failure == .unknownPlace)
        #expect(try await world.state() == .choosingRideOption(dropoff: TestPlaces.moma))
    }

    @Test func whileARideIsWaitingTheDropoffCannotBeChosenAndNothingChanges() async throws {
        let world = RideWorld()
        let ride = try await world.requestRideTo(TestPlaces.operaHouse)

        #expect(try await world.selectDropoff(TestPlaces.manlyBeach.id).failure == .rideInProgress)

        #expect(try await world.rides.chosenDropoff(userID: RideWorld.johnny) == nil)
        #expect(try await world.state() == .following(ride))
        #expect(try await world.history() == [ride])
    }

    @Test func aRideInProgressIsReportedBeforeAnUnknownPlace() async throws {
        let world = RideWorld()
        try await world.requestRideTo(TestPlaces.operaHouse)

        #expect(try await world.selectDropoff(TestPlaces.unknownID).failure == .rideInProgress)
    }
}

struct LoadRideStateUseCaseTests {
    @Test func aRiderWithNothingChosenIsAtStepOneChoosingADropoff() async throws {
        #expect(try await RideWorld().state() == .choosingDropoff)
    }

    @Test func aRiderWhoChoseADropoffIsAtStepTwoChoosingARideOption() async throws {
        let world = RideWorld()
        try await world.selectDropoff(TestPlaces.sydneyAirport.id).get()

        #expect(try await world.state() == .choosingRideOption(dropoff: TestPlaces.sydneyAirport))
    }

    @Test func aRiderWhoConfirmedIsAtStepThreeWaitingForPickupWithTheirRide() async throws {
        let world = RideWorld()
        let ride = try await world.requestRideTo(TestPlaces.sydneyAirport, option: "kangaroo")

        let state = try await world.state()

        #expect(state == .following(ride))
        guard case .following(let shown) = state else { return }
        #expect(shown.dropoff == TestPlaces.sydneyAirport)
        #expect(shown.rideOptionID == "kangaroo")
        #expect(shown.status == .finding)
    }

    @Test func theStepComesFromStorageSoEveryTabSeesTheSameOne() async throws {
        let world = RideWorld()
        try await world.selectDropoff(TestPlaces.moma.id).get()

        // A second "tab": a new use case over the same storage.
        let otherTab = try await LoadRideStateUseCase(
            userID: RideWorld.johnny, now: referenceTime, rideRepository: world.rides
        ).run()

        #expect(otherTab == .choosingRideOption(dropoff: TestPlaces.moma))
    }
}
