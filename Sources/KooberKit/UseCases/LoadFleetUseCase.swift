import Foundation

/// Koober Ops' fleet at `now` (SPEC.md, "Koober Ops", **Fleet**): every animal of the fleet in service, lowest id
/// first, with its state and where it is, positioned from what is stored as the ride page positions its animal.
public struct LoadFleetUseCase: Sendable {
    let member: StaffMember
    let now: Date
    let fleet: any FleetServiceRepository

    public init(member: StaffMember, now: Date, fleet: any FleetServiceRepository) {
        self.member = member
        self.now = now
        self.fleet = fleet
    }

    public func run() async throws -> [FleetAnimalStatus] {
        guard member.role.permits(.fleet) else { throw FleetServiceError.notAllowed }
        return try await fleet.standings().map { $0.status(at: now) }
    }
}
