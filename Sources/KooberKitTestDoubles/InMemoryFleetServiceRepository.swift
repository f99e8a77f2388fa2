import Foundation
import KooberKit

/// Koober Ops' fleet in memory, over the in-memory rides (which are the fleet): the mark lives with the animals there,
/// so the rides' `apply` refuses to assign a marked animal as the stores do; each act sets the mark, then appends its
/// audit row, so an act refused leaves no row.
public actor InMemoryFleetServiceRepository: FleetServiceRepository {
    private let rides: InMemoryRideRepository
    private let auditLog: InMemoryAuditLog

    public init(rides: InMemoryRideRepository, auditLog: InMemoryAuditLog) {
        self.rides = rides
        self.auditLog = auditLog
    }

    public func standings() async throws -> [FleetStanding] {
        await rides.fleetStandings()
    }

    public func takeOutOfService(animalID: AnimalID, audit: AuditEntry) async throws {
        try await rides.markOutOfService(animalID, true)
        await auditLog.append(audit)
    }

    public func returnToService(animalID: AnimalID, audit: AuditEntry) async throws {
        try await rides.markOutOfService(animalID, false)
        await auditLog.append(audit)
    }
}
