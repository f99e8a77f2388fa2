import Foundation
import KooberKit
import KooberPostgres
import Testing

/// Koober Ops' out-of-service mark across processes (issue 43, "out-of-service animals never dispatched, whatever the
/// number of processes"): the store's assignment checks the mark, so one process's mark holds in another's dispatch,
/// also when the two race.
extension SeveralProcessesTests {
    private static let fleetTime = Date(timeIntervalSince1970: 1_700_000_000)

    private static func fleetMember() -> StaffMember {
        StaffMember(
            id: StaffID(1), email: "fleet@koober.example", name: "Fleet", role: .fleet, isEnrolled: true,
            lastSignInAt: fleetTime)
    }

    private static func audit(_ animalID: AnimalID) -> AuditEntry {
        AuditEntry(by: fleetMember(), .tookOutOfService, target: .animal(animalID), at: fleetTime)
    }

    /// `count` riders with a wallaroo ride each, requested a second apart.
    private func requestWallarooRides(_ count: Int, on database: PostgresDatabase) async throws -> [Ride] {
        var requested: [Ride] = []
        for index in 0..<count {
            let user = try await PostgresUserRepository(database: database).create(
                NewUser(
                    name: "Rider \(index)", nickname: "R\(index)", email: "fleet\(index)@example.com",
                    mobileNumber: "555", passwordHash: "hash"))
            requested.append(
                try await PostgresRideRepository(database: database).requestRide(
                    NewRideRequest(
                        userID: user.id, pickup: SydneyLocator.sydney, dropoffID: PlaceID(1),
                        rideOptionID: RideOption.wallaroo.id, fareCents: 1_000,
                        requestedAt: Self.fleetTime + Double(index))))
        }
        return requested
    }

    /// One process marks every wallaroo out of service; the other's dispatcher, with wallaroo rides waiting, gives
    /// none of them a ride (nor does its store, asked directly); returned in the first, the second dispatches them.
    @Test func oneProcessesMarkHoldsInTheOthersDispatch() async throws {
        try await withProcesses(2) { databases in
            try await PostgresFleetRepository(database: databases[0]).provide(Fleet.members(size: 3))
            let wallaroos = try await PostgresFleetRepository(database: databases[1]).freeAnimals()
                .filter { $0.rideOptionID == RideOption.wallaroo.id }
            let marking = PostgresFleetServiceRepository(database: databases[0])
            for animal in wallaroos {
                try await marking.takeOutOfService(animalID: animal.id, audit: Self.audit(animal.id))
            }
            let rides = try await requestWallarooRides(2, on: databases[0])

            let other = PostgresRideRepository(database: databases[1])
            let dispatch = DispatchRidesUseCase(
                now: Self.fleetTime + 60, rideRepository: other,
                fleetRepository: PostgresFleetRepository(database: databases[1]))
            #expect(try await dispatch.run().isEmpty)
            for animal in wallaroos {
                #expect(try await other.apply(.assign(rides[0], animal: animal, at: Self.fleetTime + 60)) == nil)
            }
            #expect(try await other.ride(id: rides[0].id)?.status == .finding)

            for animal in wallaroos {
                try await marking.returnToService(
                    animalID: animal.id,
                    audit: AuditEntry(
                        by: Self.fleetMember(), .returnedToService, target: .animal(animal.id), at: Self.fleetTime))
            }
            #expect(try await dispatch.run().map(\.id).sorted { $0.rawValue < $1.rawValue } == rides.map(\.id))
        }
    }

    /// One process marks each of 30 wallaroos while the other assigns it a ride, at once: each ride either got its
    /// animal first (which then carries it, out of service) or never does; no later dispatch gives a marked one a ride.
    @Test func aMarkRacingAnotherProcessesAssignmentLetsTheRideHaveItFirstOrNever() async throws {
        try await withProcesses(2) { databases in
            try await PostgresFleetRepository(database: databases[0]).provide(Fleet.members(size: 30))
            let wallaroos = try await PostgresFleetRepository(database: databases[0]).freeAnimals()
                .filter { $0.rideOptionID == RideOption.wallaroo.id }
            let rides = try await requestWallarooRides(wallaroos.count, on: databases[0])
            let assigned = try await withThrowingTaskGroup(of: (AnimalID, Bool).self) { group in
                for (animal, ride) in zip(wallaroos, rides) {
                    group.addTask {
                        try await PostgresFleetServiceRepository(database: databases[0]).takeOutOfService(
                            animalID: animal.id, audit: Self.audit(animal.id))
                        return (animal.id, false)
                    }
                    group.addTask {
                        let change = RideChange.assign(ride, animal: animal, at: Self.fleetTime + 60)
                        return (
                            animal.id, try await PostgresRideRepository(database: databases[1]).apply(change) != nil
                        )
                    }
                }
                return try await group.reduce(into: Set<AnimalID>()) { if $1.1 { $0.insert($1.0) } }
            }
            let standings = try await PostgresFleetServiceRepository(database: databases[1]).standings()
            let rideRepository = PostgresRideRepository(database: databases[1])
            for (animal, ride) in zip(wallaroos, rides) {
                let standing = try #require(standings.first { $0.animal.id == animal.id })
                #expect(standing.isOutOfService)
                let stored = try #require(try await rideRepository.ride(id: ride.id))
                if assigned.contains(animal.id) {
                    #expect(stored.assignment?.animalID == animal.id && standing.ride?.id == ride.id)
                } else {
                    #expect(stored.status == .finding && standing.ride == nil)
                }
            }
            let dispatched = try await DispatchRidesUseCase(
                now: Self.fleetTime + 120, rideRepository: rideRepository,
                fleetRepository: PostgresFleetRepository(database: databases[1])
            ).run()
            #expect(dispatched.isEmpty)
        }
    }
}
