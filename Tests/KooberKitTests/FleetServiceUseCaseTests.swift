import Foundation
import KooberKit
import KooberKitTestDoubles
import Testing

/// Koober Ops' fleet (SPEC.md, "Koober Ops", **Fleet**) on the in-memory store: the fleet read and an animal taken out
/// and returned by the roles that may (fleet, admin), each act with its audit row and a word to the dispatcher; support
/// is refused and nothing is written.
@Suite struct FleetServiceUseCaseTests {
    let stores = StoreServices.inMemory()
    let rideSignal = RideChangeSignalSpy()

    func member(_ role: StaffRole) -> StaffMember {
        StaffMember(
            id: StaffID(3), email: "\(role)@koober.example", name: "Member", role: role, isEnrolled: true,
            lastSignInAt: referenceTime)
    }

    func change(_ animalID: AnimalID, _ change: ChangeAnimalServiceUseCase.Change, by role: StaffRole) async throws {
        try await ChangeAnimalServiceUseCase(
            animalID: animalID, change: change, member: member(role), now: referenceTime, fleet: stores.fleetService,
            rideSignal: rideSignal
        ).run()
    }

    func rows() async throws -> [AuditEntry] {
        try await stores.auditLog.entries(staff: nil, target: nil, before: nil, limit: 10).map(\.entry)
    }

    @Test func fleetAndAdminTakeOutAndReturnWithTheirRowsAndSupportIsRefused() async throws {
        try await stores.fleet.provide(Fleet.members(size: 1))
        let animal = try #require(try await stores.fleet.freeAnimals().first)

        await #expect(throws: FleetServiceError.notAllowed) {
            try await change(animal.id, .takeOutOfService, by: .support)
        }
        await #expect(throws: FleetServiceError.notAllowed) {
            try await LoadFleetUseCase(member: member(.support), now: referenceTime, fleet: stores.fleetService).run()
        }
        #expect(try await rows().isEmpty && rideSignal.signals == 0)

        try await change(animal.id, .takeOutOfService, by: .fleet)
        await #expect(throws: FleetServiceError.alreadyOutOfService) {
            try await change(animal.id, .takeOutOfService, by: .admin)
        }
        let fleet = try await LoadFleetUseCase(member: member(.admin), now: referenceTime, fleet: stores.fleetService)
            .run()
        #expect(fleet.first { $0.id == animal.id }?.state == .outOfService)
        #expect(fleet.filter { $0.state == .free }.count == RideOption.all.count - 1)

        try await change(animal.id, .returnToService, by: .admin)
        await #expect(throws: FleetServiceError.notOutOfService) {
            try await change(animal.id, .returnToService, by: .fleet)
        }
        await #expect(throws: FleetServiceError.noSuchAnimal) {
            try await change(AnimalID(999), .takeOutOfService, by: .fleet)
        }
        #expect(try await rows().map(\.action) == [.returnedToService, .tookOutOfService])
        #expect(try await rows().map(\.target) == [.animal(animal.id), .animal(animal.id)])
        #expect(try await rows().map(\.staffRole) == [.admin, .fleet])
        #expect(rideSignal.signals == 2)
    }
}
