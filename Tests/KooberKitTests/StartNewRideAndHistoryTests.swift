import Foundation
import KooberKit
import Testing

struct StartNewRideRequestUseCaseTests {
    @Test func startingANewRideLeavesTheEndedRideBehindAndReturnsToStepOne() async throws {
        let world = RideWorld()
        let ride = try await world.requestRideTo(TestPlaces.operaHouse)
        _ = try await world.cancelRide().get()
        #expect(try await world.rides.followedRide(userID: RideWorld.johnny)?.status == .cancelled)

        try await world.startNewRide()

        #expect(try await world.state() == .choosingDropoff)
        #expect(try await world.rides.followedRide(userID: RideWorld.johnny) == nil)
        let history = try await world.history()
        #expect(history.count == 1)
        #expect(history.first?.id == ride.id)
        #expect(history.first?.status == .cancelled)
        #expect(history.first?.dropoff == ride.dropoff)
        #expect(history.first?.fareCents == ride.fareCents)
        #expect(history.first?.requestedAt == ride.requestedAt)
    }

    @Test func startingANewRideDoesNotEndARideInProgress() async throws {
        let world = RideWorld()
        let ride = try await world.requestRideTo(TestPlaces.operaHouse)

        try await world.startNewRide()

        #expect(try await world.state() == .following(ride))
        #expect(try await world.history().map(\.status) == [.finding])
    }

    @Test func afterStartingANewRideTheRiderCanChooseAndRequestAnother() async throws {
        let world = RideWorld()
        try await world.requestRideTo(TestPlaces.operaHouse)
        _ = try await world.cancelRide().get()
        try await world.startNewRide()

        let second = try await world.requestRideTo(TestPlaces.manlyBeach, at: referenceTime + minutes(10))

        #expect(try await world.state() == .following(second))
        #expect(try await world.history().count == 2)
    }

    @Test func startingANewRideWithOnlyADropoffChosenClearsIt() async throws {
        let world = RideWorld()
        try await world.selectDropoff(TestPlaces.moma.id).get()

        try await world.startNewRide()

        #expect(try await world.state() == .choosingDropoff)
        #expect(try await world.history().isEmpty)
    }

    @Test func startingANewRideWithNothingInProgressIsHarmless() async throws {
        let world = RideWorld()

        try await world.startNewRide()
        try await world.startNewRide()

        #expect(try await world.state() == .choosingDropoff)
        #expect(try await world.history().isEmpty)
    }
}

struct LoadRideHistoryUseCaseTests {
    @Test func aRiderWithNoRidesHasAnEmptyHistory() async throws {
        #expect(try await RideWorld().history().isEmpty)
    }

    @Test func ridesAreListedNewestFirst() async throws {
        let world = RideWorld()
        let first = try await world.requestRideTo(TestPlaces.operaHouse, at: referenceTime)
        _ = try await world.cancelRide(at: referenceTime).get()
        try await world.startNewRide()
        let second = try await world.requestRideTo(TestPlaces.sydneyAirport, at: referenceTime + days(1))
        _ = try await world.cancelRide(at: referenceTime + days(1)).get()
        try await world.startNewRide()
        let third = try await world.requestRideTo(TestPlaces.manlyBeach, at: referenceTime + days(2))

        let history = try await world.history()

        #expect(history.map(\.id) == [third.id, second.id, first.id])
        #expect(history.map(\.dropoff.name) == ["Manly Beach", "Sydney Airport", "Opera House"])
        #expect(history.map(\.status) == [.finding, .cancelled, .cancelled])
    }
}

/// Each rider's pick-me-up is their own: one rider's choices and rides never show in another's.
struct RideIsolationTests {
    @Test func oneRidersDropoffIsNotAnothers() async throws {
        let world = RideWorld()

        try await world.selectDropoff(TestPlaces.operaHouse.id, for: RideWorld.johnny).get()

        #expect(try await world.state(of: RideWorld.jane) == .choosingDropoff)
        #expect(try await world.requestRide("wallaroo", for: RideWorld.jane).failure == .noDropoffChosen)
    }

    @Test func oneRidersRideIsNotAnothersAndDoesNotBlockThem() async throws {
        let world = RideWorld()
        let johnnys = try await world.requestRideTo(TestPlaces.operaHouse, for: RideWorld.johnny)

        #expect(try await world.state(of: RideWorld.jane) == .choosingDropoff)
        #expect(try await world.history(of: RideWorld.jane).isEmpty)

        let janes = try await world.requestRideTo(TestPlaces.manlyBeach, option: "kangaroo", for: RideWorld.jane)

        #expect(try await world.state(of: RideWorld.johnny) == .following(johnnys))
        #expect(try await world.state(of: RideWorld.jane) == .following(janes))
        #expect(try await world.history(of: RideWorld.johnny) == [johnnys])
        #expect(try await world.history(of: RideWorld.jane) == [janes])
    }

    @Test func cancellingAndStartingANewRideTouchOnlyThatRidersRide() async throws {
        let world = RideWorld()
        try await world.requestRideTo(TestPlaces.operaHouse, for: RideWorld.johnny)
        let janes = try await world.requestRideTo(TestPlaces.manlyBeach, for: RideWorld.jane)

        _ = try await world.cancelRide(for: RideWorld.johnny).get()
        try await world.startNewRide(for: RideWorld.johnny)

        #expect(try await world.state(of: RideWorld.johnny) == .choosingDropoff)
        #expect(try await world.state(of: RideWorld.jane) == .following(janes))
    }

    @Test func startingANewRideKeepsAnotherRidersChosenDropoff() async throws {
        let world = RideWorld()
        try await world.selectDropoff(TestPlaces.operaHouse.id, for: RideWorld.johnny).get()
        try await world.selectDropoff(TestPlaces.moma.id, for: RideWorld.jane).get()

        try await world.startNewRide(for: RideWorld.johnny)

        #expect(try await world.state(of: RideWorld.jane) == .choosingRideOption(dropoff: TestPlaces.moma))
    }
}
