import Foundation
import KooberApp
import KooberKit
import Logging
import TestKit

/// One fleet size's store for `KooberDispatchCost`: a new SQLite file with the fleet provided, one rider per ride of a
/// round, and the round itself.
struct DispatchBench {
    private let storage: KooberStorage
    private let riders: [UserID]
    private let dropoff: PlaceID

    static func open(folder: String, fleetSize: Int, riders count: Int) async throws -> DispatchBench {
        let path = URL(fileURLWithPath: folder).appendingPathComponent("dispatch-cost-\(fleetSize).sqlite").path
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        var configuration = KooberStorageConfiguration(database: .sqlite(path: path))
        configuration.fleetSize = fleetSize
        let storage = try await KooberStorage.open(configuration, logger: Logger(label: "koober.dispatch-cost"))
        let services = storage.services
        guard let dropoff = try await services.placeRepository.allPlaces().min(by: { $0.id.rawValue < $1.id.rawValue })
        else { throw DispatchBenchError("the database has no places") }
        let hash = try await services.passwordHasher.hash("dispatch-cost-password")
        var riders: [UserID] = []
        for number in 1...max(count, 1) {
            let user = NewUser(
                name: "Rider \(number)", nickname: "R\(number)", email: "rider\(number)@dispatch.koober",
                mobileNumber: "0400 000 000", passwordHash: hash)
            riders.append(try await services.userRepository.create(user).id)
        }
        return DispatchBench(storage: storage, riders: riders, dropoff: dropoff.id)
    }

    /// Requests a ride for each rider in turn, each followed by one timed dispatch that must assign it; then cancels
    /// them all at the time they were assigned, so that each animal is freed where it stood. Returns the time the
    /// dispatches took in all. Every round draws the same pick-ups. `scanning`: the fleet read as before issue 45
    /// (`ScanningFleet`).
    func round(scanning: Bool) async throws -> Duration {
        let rides = storage.services.rideRepository
        let stored = storage.services.fleetRepository
        let fleet: any FleetRepository = scanning ? ScanningFleet(fleet: stored) : stored
        var random = SeededGenerator(seed: 45)
        let clock = ContinuousClock()
        var total = Duration.zero
        var assigned: [Ride] = []
        let time = Date()
        for (index, rider) in riders.enumerated() {
            let pickup = Self.pickup(using: &random)
            let option = RideOption.all[index % RideOption.all.count]
            _ = try await rides.requestRide(
                NewRideRequest(
                    userID: rider, pickup: pickup, dropoffID: dropoff, rideOptionID: option.id, fareCents: Cents(1_000),
                    requestedAt: time))
            let start = clock.now
            let run = try await DispatchRidesUseCase(now: time, rideRepository: rides, fleetRepository: fleet).run()
            total += start.duration(to: clock.now)
            guard run.count == 1 else { throw DispatchBenchError("a dispatch assigned \(run.count) rides, not 1") }
            assigned += run
        }
        for ride in assigned {
            guard let cancel = RideChange.cancel(ride, at: time), try await rides.apply(cancel) != nil else {
                throw DispatchBenchError("ride \(ride.id) could not be cancelled")
            }
        }
        for rider in riders { try await rides.startNewRide(userID: rider) }
        return total
    }

    /// The searches alone: the nearest free animal of the options in turn from each of a round's pick-ups, timed,
    /// nothing assigned. Returns the time they took in all.
    func searches(scanning: Bool) async throws -> Duration {
        let stored = storage.services.fleetRepository
        let fleet: any FleetRepository = scanning ? ScanningFleet(fleet: stored) : stored
        var random = SeededGenerator(seed: 45)
        let clock = ContinuousClock()
        var total = Duration.zero
        for index in riders.indices {
            let pickup = Self.pickup(using: &random)
            let start = clock.now
            let found = try await fleet.nearestFreeAnimal(
                rideOptionID: RideOption.all[index % RideOption.all.count].id, to: pickup)
            total += start.duration(to: clock.now)
            guard found != nil else { throw DispatchBenchError("no animal was found") }
        }
        return total
    }

    /// A pick-up drawn at random over central Sydney, where the fleet rests.
    private static func pickup(using random: inout SeededGenerator) -> Location {
        let area = Fleet.restingArea
        return Location(
            latitude: Double.random(in: area.south...area.north, using: &random),
            longitude: Double.random(in: area.west...area.east, using: &random))
    }

    func close() async throws {
        try await storage.database.close()
    }
}
