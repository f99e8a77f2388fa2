import Foundation
import KooberKit
import Testing

/// What every `FleetServiceRepository` promises, checked on each store: the standings of the fleet in service, and
/// Take Out of Service / Return to Service each in one step with its audit row (and, refused, with none); staff's mark
/// is one the configured fleet (`provide`) never undoes, and the store's own assignment refuses a marked animal, also
/// when the mark races it.
struct FleetServiceRepositoryContractTests {
    /// One animal of each option: the wallaroo is the one the tests' rides want.
    private func provideOneOfEach(_ repositories: Repositories) async throws -> Animal {
        try await repositories.fleet.provide(Fleet.members(size: 1))
        return try #require(
            try await repositories.fleet.freeAnimals().first { $0.rideOptionID == RideOption.wallaroo.id })
    }

    private func dispatch(_ repositories: Repositories, at time: Date) async throws -> [Ride] {
        try await DispatchRidesUseCase(
            now: time, rideRepository: repositories.rides, fleetRepository: repositories.fleet
        )
        .run()
    }

    private func member() -> StaffMember { staffMember(role: .fleet) }

    @Test(arguments: RepositoryKind.allCases)
    func theStandingsListEveryAnimalInServiceWithItsMarkAndItsRide(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            try await repositories.fleet.provide(Fleet.members(size: 2))
            let rider = try await repositories.users.create(newUser())
            let ride = try await repositories.rides.requestRide(newRideRequest(userID: rider.id))
            let assigned = try await dispatch(repositories, at: referenceTime + 1)
            let animalID = try #require(assigned.first?.assignment?.animalID)

            let standings = try await repositories.fleetService.standings()
            #expect(standings.count == 2 * RideOption.all.count)
            #expect(standings.map(\.animal.id.rawValue) == standings.map(\.animal.id.rawValue).sorted())
            #expect(standings.allSatisfy { !$0.isOutOfService })
            #expect(standings.filter { $0.ride != nil }.map(\.animal.id) == [animalID])
            #expect(standings.first { $0.animal.id == animalID }?.ride?.id == ride.id)
            let statuses = standings.map { $0.status(at: referenceTime + 2) }
            #expect(statuses.filter { $0.state == .onRide }.map(\.id) == [animalID])
            #expect(statuses.filter { $0.state == .free }.count == standings.count - 1)

            try await repositories.fleet.provide(Fleet.members(size: 1))
            #expect(
                try await repositories.fleetService.standings().count == RideOption.all.count,
                "the fleet beyond the configured one is not shown")
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func anAnimalTakenOutIsNeverDispatchedUntilItIsReturned(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let wallaroo = try await provideOneOfEach(repositories)
            let out = auditEntry(.animal(wallaroo.id), .tookOutOfService, by: member(), at: referenceTime)
            try await repositories.fleetService.takeOutOfService(animalID: wallaroo.id, audit: out)
            #expect(try await repositories.auditRows() == [out])
            #expect(try await repositories.fleet.freeAnimals().contains { $0.id == wallaroo.id } == false)
            #expect(
                try await repositories.fleetService.standings().first { $0.animal.id == wallaroo.id }?.isOutOfService
                    == true)

            let rider = try await repositories.users.create(newUser())
            let ride = try await repositories.rides.requestRide(newRideRequest(userID: rider.id))
            #expect(try await dispatch(repositories, at: referenceTime + 1).isEmpty)
            #expect(
                try await repositories.rides.apply(.assign(ride, animal: wallaroo, at: referenceTime + 1)) == nil,
                "the store's assignment itself refuses the animal, whoever read it as free")
            #expect(try await repositories.rides.ride(id: ride.id)?.status == .finding)

            // The configured fleet, provided again (a restart), leaves the mark alone.
            try await repositories.fleet.provide(Fleet.members(size: 1))
            #expect(try await dispatch(repositories, at: referenceTime + 2).isEmpty)

            let back = auditEntry(.animal(wallaroo.id), .returnedToService, by: member(), at: referenceTime + 3)
            try await repositories.fleetService.returnToService(animalID: wallaroo.id, audit: back)
            #expect(try await repositories.auditRows() == [back, out])
            let assigned = try await dispatch(repositories, at: referenceTime + 4)
            #expect(assigned.map(\.id) == [ride.id])
            #expect(assigned.first?.assignment?.animalID == wallaroo.id)
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func refusalsChangeNothingAndWriteNoRow(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let wallaroo = try await provideOneOfEach(repositories)
            await #expect(throws: FleetServiceRepositoryError.notOutOfService) {
                try await repositories.fleetService.returnToService(
                    animalID: wallaroo.id, audit: auditEntry(.animal(wallaroo.id), .returnedToService))
            }
            let out = auditEntry(.animal(wallaroo.id), .tookOutOfService)
            try await repositories.fleetService.takeOutOfService(animalID: wallaroo.id, audit: out)
            await #expect(throws: FleetServiceRepositoryError.alreadyOutOfService) {
                try await repositories.fleetService.takeOutOfService(animalID: wallaroo.id, audit: out)
            }
            let nobody = AnimalID(10_000)
            await #expect(throws: FleetServiceRepositoryError.noSuchAnimal) {
                try await repositories.fleetService.takeOutOfService(
                    animalID: nobody, audit: auditEntry(.animal(nobody), .tookOutOfService))
            }
            await #expect(throws: FleetServiceRepositoryError.noSuchAnimal) {
                try await repositories.fleetService.returnToService(
                    animalID: nobody, audit: auditEntry(.animal(nobody), .returnedToService))
            }
            #expect(try await repositories.auditRows() == [out])
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func anAnimalTakenOutOnARideFinishesItAndGetsNoOther(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let wallaroo = try await provideOneOfEach(repositories)
            let rider = try await repositories.users.create(newUser())
            let ride = try await repositories.rides.requestRide(newRideRequest(userID: rider.id))
            let assigned = try #require(try await dispatch(repositories, at: referenceTime).first)
            #expect(assigned.assignment?.animalID == wallaroo.id)

            try await repositories.fleetService.takeOutOfService(
                animalID: wallaroo.id, audit: auditEntry(.animal(wallaroo.id), .tookOutOfService))
            let standing = try #require(
                try await repositories.fleetService.standings().first { $0.animal.id == wallaroo.id })
            let status = standing.status(at: referenceTime + 10)
            #expect(status.state == .outOfService && status.isFinishingRide)
            #expect(standing.ride?.id == ride.id)

            let end = try #require(assigned.timeline()?.arrivesAtDropoff) + 1
            while try await AdvanceRidesUseCase(now: end, rideRepository: repositories.rides).run() > 0 {}
            #expect(try await repositories.rides.ride(id: ride.id)?.status == .finished, "it finishes the ride")

            let other = try await repositories.users.create(newUser(email: "jane@gmail.com"))
            let next = try await repositories.rides.requestRide(newRideRequest(userID: other.id, at: end))
            #expect(try await dispatch(repositories, at: end + 1).isEmpty)
            #expect(try await repositories.rides.ride(id: next.id)?.status == .finding)
            let after = try #require(
                try await repositories.fleetService.standings().first { $0.animal.id == wallaroo.id })
            #expect(after.ride == nil && after.status(at: end + 2).isFinishingRide == false)
        }
    }

    /// The mark and an assignment of the same animal at once, on many animals: either the ride got the animal first
    /// (and it carries it: out of service, finishing it) or it never does; and no ride is given a marked animal after.
    @Test(arguments: RepositoryKind.allCases)
    func markingRacingAnAssignmentEitherLetsTheRideHaveItFirstOrNever(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            try await repositories.fleet.provide(Fleet.members(size: 12))
            let wallaroos = try await repositories.fleet.freeAnimals().filter {
                $0.rideOptionID == RideOption.wallaroo.id
            }
            var rides: [Ride] = []
            for (index, _) in wallaroos.enumerated() {
                let rider = try await repositories.users.create(newUser(email: "rider\(index)@gmail.com"))
                rides.append(try await repositories.rides.requestRide(newRideRequest(userID: rider.id)))
            }
            let outcomes = try await withThrowingTaskGroup(of: (AnimalID, Ride?).self) { group in
                for (animal, ride) in zip(wallaroos, rides) {
                    group.addTask {
                        try await repositories.fleetService.takeOutOfService(
                            animalID: animal.id, audit: auditEntry(.animal(animal.id), .tookOutOfService))
                        return (animal.id, nil)
                    }
                    group.addTask {
                        (
                            animal.id,
                            try await repositories.rides.apply(.assign(ride, animal: animal, at: referenceTime))
                        )
                    }
                }
                return try await group.reduce(into: [AnimalID: Ride]()) { result, outcome in
                    if let ride = outcome.1 { result[outcome.0] = ride }
                }
            }
            let standings = try await repositories.fleetService.standings()
            for (animal, ride) in zip(wallaroos, rides) {
                let standing = try #require(standings.first { $0.animal.id == animal.id })
                #expect(standing.isOutOfService)
                if let got = outcomes[animal.id] {
                    #expect(got.id == ride.id && standing.ride?.id == ride.id, "it got the ride first, and carries it")
                } else {
                    #expect(standing.ride == nil)
                    #expect(try await repositories.rides.ride(id: ride.id)?.status == .finding, "it never does")
                }
            }
            #expect(try await dispatch(repositories, at: referenceTime + 1).isEmpty)
        }
    }
}
