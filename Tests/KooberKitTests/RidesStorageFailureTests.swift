import Foundation
import KooberKit
import KooberKitTestDoubles
import Testing

/// Storage breaking during pick-me-up is not the rider's fault: the use cases throw (the 500 page) rather than
/// answer with a rider-facing error such as "Unknown Place".
struct RidesStorageFailureTests {
    private func world(failing: Set<PartlyFailingRideRepository.Operation>) -> (RideWorld, PartlyFailingRideRepository)
    {
        let world = RideWorld()
        return (world, PartlyFailingRideRepository(working: world.rides, failing: failing))
    }

    @Test func choosingADropoffThrowsWhenTheRideStoreCannotBeRead() async throws {
        let (_, broken) = world(failing: [.followedRide])
        await #expect(throws: StorageFailure(operation: "followedRide")) {
            try await SelectDropoffLocationUseCase(
                userID: RideWorld.johnny,
                placeID: TestPlaces.operaHouse.id,
                now: referenceTime,
                rideRepository: broken
            ).run()
        }
    }

    @Test func choosingADropoffThrowsWhenStoringItFails() async throws {
        let (world, broken) = world(failing: [.chooseDropoff])
        await #expect(throws: StorageFailure(operation: "chooseDropoff")) {
            try await SelectDropoffLocationUseCase(
                userID: RideWorld.johnny,
                placeID: TestPlaces.operaHouse.id,
                now: referenceTime,
                rideRepository: broken
            ).run()
        }
        #expect(try await world.state() == .choosingDropoff)
    }

    @Test func choosingADropoffThrowsWhenThePlaceStoreFailsRatherThanCallingThePlaceUnknown() async throws {
        let rides = InMemoryRideRepository(places: FailingPlaceRepository())
        await #expect(throws: StorageFailure(operation: "place")) {
            try await SelectDropoffLocationUseCase(
                userID: RideWorld.johnny,
                placeID: TestPlaces.operaHouse.id,
                now: referenceTime,
                rideRepository: rides
            ).run()
        }
    }

    @Test(arguments: [
        PartlyFailingRideRepository.Operation.followedRide, .chosenDropoff, .requestRide,
    ])
    func requestingARideThrowsWhenAnyStorageStepFails(operation: PartlyFailingRideRepository.Operation) async throws {
        let (world, broken) = world(failing: [operation])
        try await world.selectDropoff(TestPlaces.operaHouse.id).get()

        await #expect(throws: StorageFailure(operation: operation.rawValue)) {
            try await RequestRideUseCase(
                userID: RideWorld.johnny,
                rideOptionID: "wallaroo",
                pickupLocation: sydneyPickup,
                now: referenceTime,
                rideRepository: broken,
                signal: RideChangeSignalSpy()
            ).run()
        }
        #expect(try await world.history().isEmpty)
        #expect(try await world.state() == .choosingRideOption(dropoff: TestPlaces.operaHouse))
    }

    @Test func loadingTheRideStateThrowsWhenTheRideStoreFails() async throws {
        let (_, broken) = world(failing: [.rideState])
        await #expect(throws: StorageFailure(operation: "rideState")) {
            try await LoadRideStateUseCase(userID: RideWorld.johnny, now: referenceTime, rideRepository: broken).run()
        }
    }

    @Test func startingANewRideThrowsWhenTheRideStoreFails() async throws {
        let (world, broken) = world(failing: [.startNewRide])
        let ride = try await world.requestRideTo(TestPlaces.operaHouse)

        await #expect(throws: StorageFailure(operation: "startNewRide")) {
            try await StartNewRideRequestUseCase(userID: RideWorld.johnny, rideRepository: broken).run()
        }
        #expect(try await world.state() == .following(ride))
    }

    @Test func loadingTheHistoryThrowsWhenTheRideStoreFails() async throws {
        let (_, broken) = world(failing: [.rides])
        await #expect(throws: StorageFailure(operation: "rides")) {
            try await LoadRideHistoryUseCase(
                userID: RideWorld.johnny, before: nil, pageSize: 10, rideRepository: broken
            ).run()
        }
    }

    @Test func searchingThrowsWhenThePlaceStoreFails() async throws {
        await #expect(throws: StorageFailure(operation: "all places")) {
            try await SearchDropoffLocationsUseCase(
                query: "opera",
                pickupLocation: sydneyPickup,
                placeRepository: FailingPlaceRepository()
            ).run()
        }
    }

    @Test func findingThePickUpThrowsWhenTheLocatorFails() async throws {
        await #expect(throws: StorageFailure(operation: "current location")) {
            try await GetUsersCurrentLocationUseCase(locator: FailingLocator()).run()
        }
    }
}

struct GetUsersCurrentLocationUseCaseTests {
    @Test func koobersLocatorAlwaysAnswersSydney() async throws {
        let location = try await SydneyLocator().currentLocation()

        #expect(location.latitude == -33.864308)
        #expect(location.longitude == 151.209146)
        #expect(SydneyLocator.sydney == location)
    }

    @Test func withKoobersLocatorThePickUpIsSydney() async throws {
        #expect(try await GetUsersCurrentLocationUseCase(locator: SydneyLocator()).run() == sydneyPickup)
    }

    @Test func thePickUpIsWhateverTheGivenLocatorSays() async throws {
        let melbourne = Location(latitude: -37.813629, longitude: 144.963058)

        #expect(try await GetUsersCurrentLocationUseCase(locator: FixedLocator(location: melbourne)).run() == melbourne)
    }
}
