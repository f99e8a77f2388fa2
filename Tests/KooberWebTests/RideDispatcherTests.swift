import Foundation
import KooberKit
import KooberKitTestDoubles
import KooberTestSupport
import KooberWeb
import Logging
import Synchronization
import Testing

/// The dispatcher as a service: it rests between looks, and wakes when told.
@Suite struct RideDispatcherTests {
    /// Counts the dispatcher's looks (each ends by asking when the next ride is due).
    final class CountingRides: RideRepository {
        let working: InMemoryRideRepository
        let looks = Atomic<Int>(0)
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
        func rides(changedAfter revision: Int64, limit: Int) async throws -> [Ride] {
            try await working.rides(changedAfter: revision, limit: limit)
        }
        func latestRevision() async throws -> Int64 { try await working.latestRevision() }
    }

    @Test func anIdleDispatcherRestsBetweenLooksAndWakesWhenTold() async throws {
        let places = InMemoryPlaceRepository(places: [])
        let working = InMemoryRideRepository(places: places)
        let rides = CountingRides(working)
        let dispatcher = RideDispatcher(
            rideRepository: rides, fleetRepository: working, feed: RideFeed(), now: Date.init,
            pollInterval: .seconds(60), logger: Logger(label: "koober.test")
        )
        let running = Task { try await dispatcher.run() }
        // One look at the start, then rest: a dispatcher that never slept made thousands in a second.
        #expect(try await BusyMachine.waitUntil { rides.looks.load(ordering: .relaxed) >= 1 })
        try await Task.sleep(for: .seconds(1))
        #expect(rides.looks.load(ordering: .relaxed) == 1)

        // Told of a change, it looks again long before its next poll; told while busy, it looks once more after.
        dispatcher.ridesChanged()
        #expect(try await BusyMachine.waitUntil { rides.looks.load(ordering: .relaxed) >= 2 })
        try await Task.sleep(for: .milliseconds(300))
        #expect(rides.looks.load(ordering: .relaxed) == 2)

        running.cancel()
        _ = try? await running.value
        let stopped = rides.looks.load(ordering: .relaxed)
        try await Task.sleep(for: .milliseconds(500))
        #expect(rides.looks.load(ordering: .relaxed) == stopped)
    }
}
