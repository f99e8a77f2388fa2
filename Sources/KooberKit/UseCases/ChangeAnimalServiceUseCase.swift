import Foundation

/// **Take Out of Service** and **Return to Service** (SPEC.md, "Koober Ops", **Fleet**): the animal's mark changes in
/// one transaction with its audit row (`tookOutOfService`, `returnedToService`; target `.animal`). An animal taken out
/// while on a ride finishes it; the dispatcher gives it no new ride (the store's assignment checks the mark). Then
/// `rideSignal` is told, so this process's dispatcher looks now (an animal returned takes a waiting ride at once) and
/// the fleet pages hear of it.
///
/// Throws a `FleetServiceError`, and then changes nothing and writes no row.
public struct ChangeAnimalServiceUseCase: Sendable {
    public enum Change: Sendable {
        case takeOutOfService
        case returnToService
    }

    let animalID: AnimalID
    let change: Change
    let member: StaffMember
    let now: Date
    let fleet: any FleetServiceRepository
    let rideSignal: any RideChangeSignal

    public init(
        animalID: AnimalID, change: Change, member: StaffMember, now: Date, fleet: any FleetServiceRepository,
        rideSignal: any RideChangeSignal
    ) {
        self.animalID = animalID
        self.change = change
        self.member = member
        self.now = now
        self.fleet = fleet
        self.rideSignal = rideSignal
    }

    public func run() async throws {
        guard member.role.permits(.fleet) else { throw FleetServiceError.notAllowed }
        do {
            switch change {
            case .takeOutOfService:
                try await fleet.takeOutOfService(
                    animalID: animalID,
                    audit: AuditEntry(by: member, .tookOutOfService, target: .animal(animalID), at: now))
            case .returnToService:
                try await fleet.returnToService(
                    animalID: animalID,
                    audit: AuditEntry(by: member, .returnedToService, target: .animal(animalID), at: now))
            }
        } catch let error as FleetServiceRepositoryError {
            switch error {
            case .noSuchAnimal: throw FleetServiceError.noSuchAnimal
            case .alreadyOutOfService: throw FleetServiceError.alreadyOutOfService
            case .notOutOfService: throw FleetServiceError.notOutOfService
            }
        }
        rideSignal.ridesChanged()
    }
}
