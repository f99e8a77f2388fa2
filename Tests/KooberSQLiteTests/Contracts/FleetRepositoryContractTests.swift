import KooberKit
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
