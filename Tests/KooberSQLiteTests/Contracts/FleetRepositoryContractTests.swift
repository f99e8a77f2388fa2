import Foundation
import KooberKit
import TestKit
import Testing

/// What every `FleetRepository` promises, checked on each implementation: the in-service rule (`FleetInService`) as
/// each store applies it.
struct FleetRepositoryContractTests {
    /// The free animals' names by ride option.
    private func inService(_ fleet: any FleetRepository) async throws -> [String: [String]] {
        Dictionary(grouping: try await fleet.freeAnimals(), by: \.rideOptionID).mapValues { $0.map(\.name) }
    }

    @Test(arguments: RepositoryKind.allCases)
    func aSmallerFleetTakesTheHigherNumbersOutOfServiceAndALargerOneBringsThemBack(kind: RepositoryKind)
        async throws
    {
        try await withRepositories(kind) { repositories in
            let fleet = repositories.fleet
            try await fleet.provide(Fleet.members(size: 3))
            let three = try await fleet.freeAnimals()
            #expect(three.count == 3 * RideOption.all.count)

            try await fleet.provide(Fleet.members(size: 2))
            let two = Fleet.members(size: 2)
            #expect(
                try await inService(fleet)
                    == Dictionary(grouping: two, by: \.rideOptionID).mapValues { $0.map(\.name) })

            try await fleet.provide(Fleet.members(size: 3))
            #expect(Set(try await fleet.freeAnimals().map(\.id)) == Set(three.map(\.id)), "the same animals")
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func anOptionWithoutMembersHasNoneInServiceAndTheHighestNumberSetsTheLimit(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let fleet = repositories.fleet
            try await fleet.provide(Fleet.members(size: 3))
            // Only the wallaroos' third: the first two of them stay in service with it, every other animal goes.
            let third = try #require(Fleet.members(size: 3).last { $0.rideOptionID == RideOption.wallaroo.id })
            try await fleet.provide([third])
            let names = Fleet.members(size: 3).filter { $0.rideOptionID == RideOption.wallaroo.id }.map(\.name)
            #expect(try await inService(fleet) == [RideOption.wallaroo.id: names])
        }
    }
}

/// The dispatcher's reads (issue 45): the nearest free animal through the fleet's spatial index is the one a scan of
/// every free animal finds, where the animals rest, where their rides leave them, and wherever the pick-up is.
struct FleetNearestAnimalContractTests {
    /// Pick-ups over greater Sydney and beyond it: central Sydney (where the animals rest), the suburbs, and places
    /// farther than any block of the grid reaches.
    private static let pickups: [Location] = {
        var random = SeededGenerator(seed: 45)
        let near = (0..<24).map { _ in
            Location(
                latitude: Double.random(in: -34.0 ... -33.75, using: &random),
                longitude: Double.random(in: 151.0...151.35, using: &random))
        }
        return near + [Location(latitude: 51.5, longitude: -0.12), Location(latitude: -33.87, longitude: 179.99)]
    }()

    @Test(arguments: RepositoryKind.allCases)
    func theNearestFreeAnimalOfEachOptionIsTheOneAScanFinds(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let fleet = repositories.fleet
            try await fleet.provide(Fleet.members(size: 40))
            let free = try await fleet.freeAnimals()
            for pickup in Self.pickups {
                for option in RideOption.all {
                    let scanned = Animal.nearest(among: free.filter { $0.rideOptionID == option.id }, to: pickup)
                    let found = try await fleet.nearestFreeAnimal(rideOptionID: option.id, to: pickup)
                    #expect(found != nil)
                    #expect(found == scanned, "\(option.id) from \(pickup)")
                }
            }
            #expect(try await fleet.rideOptionsWithFreeAnimals() == Set(RideOption.all.map(\.id)))
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func anAnimalCarryingARideIsNotFreeAndIsFoundWhereTheRideLeftIt(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            try await repositories.fleet.provide(Fleet.members(size: 1))
            let rider = try await repositories.users.create(newUser())
            _ = try await repositories.rides.requestRide(newRideRequest(userID: rider.id))
            let assigned = try await DispatchRidesUseCase(
                now: referenceTime + 1, rideRepository: repositories.rides, fleetRepository: repositories.fleet
            )
            .run()
            let ride = try #require(assigned.first)
            let wallaroo = RideOption.wallaroo.id
            #expect(try await repositories.fleet.nearestFreeAnimal(rideOptionID: wallaroo, to: ride.pickup) == nil)
            #expect(
                try await repositories.fleet.rideOptionsWithFreeAnimals() == [
                    RideOption.wallabee.id, RideOption.kangaroo.id,
                ])

            let finish = try #require(RideChange.advance(ride, to: referenceTime + 86_400))
            _ = try #require(try await repositories.rides.apply(finish))
            // From next to the drop-off, and from the pick-up, where another wallaroo would be nearer if there were one.
            let nearDropoff = ride.dropoff.location.interpolated(to: ride.pickup, fraction: 0.0001)
            for pickup in [nearDropoff, ride.pickup] {
                let found = try await repositories.fleet.nearestFreeAnimal(rideOptionID: wallaroo, to: pickup)
                #expect(found?.id == ride.assignment?.animalID)
                #expect(found?.location == ride.dropoff.location)
            }
            #expect(try await repositories.fleet.rideOptionsWithFreeAnimals() == Set(RideOption.all.map(\.id)))
        }
    }
}
