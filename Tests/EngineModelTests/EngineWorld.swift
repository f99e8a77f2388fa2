import Foundation
import KooberApp
import KooberKit
import KooberKitTestDoubles
import KooberTestSupport
import Logging
import TestKit
import Testing

/// The stores the engine runs on, of one kind, with a virtual clock: built as `koober` builds them
/// (`KooberStorage.open`) for SQLite and PostgreSQL, and from the in-memory doubles for the third kind.
struct EngineWorld: Sendable {
    enum Kind: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case inMemory, sqlite, postgres
        var testDescription: String { rawValue }
    }

    let users: any UserRepository
    let sessions: any UserSessionRepository
    let rides: any RideRepository
    let fleet: any FleetRepository
    let scheduledRides: any ScheduledRideRepository
    let clock: TestClock

    /// Runs `body` with a new world of `kind`, one animal of each ride option in service.
    static func with(_ kind: Kind, _ body: (EngineWorld) async throws -> Void) async throws {
        let clock = TestClock(Date(timeIntervalSince1970: 1_800_000_000))
        switch kind {
        case .inMemory:
            let users = InMemoryUserRepository()
            let rides = InMemoryRideRepository(places: InMemoryPlaceRepository(places: SydneyPlaces.all))
            try await rides.provide(Fleet.members(size: 1))
            try await body(
                EngineWorld(
                    users: users, sessions: InMemoryUserSessionRepository(users: users), rides: rides, fleet: rides,
                    scheduledRides: InMemoryScheduledRideRepository.empty(rides: rides), clock: clock))
        case .sqlite:
            let path = KooberTestApp.temporaryDatabasePath()
            defer { for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) } }
            try await withStorage(.sqlite(path: path), clock: clock, body)
        case .postgres:
            try await TestPostgres.withMigratedDatabase { url in
                try await withStorage(.postgres(url), clock: clock, body)
            }
        }
    }

    private static func withStorage(
        _ database: KooberStorageConfiguration.Database, clock: TestClock, _ body: (EngineWorld) async throws -> Void
    ) async throws {
        var configuration = KooberStorageConfiguration(database: database, clock: clock, fleetSize: 1)
        configuration.postgresCallTimeout = TestPostgres.callTimeout
        let storage = try await KooberStorage.open(
            configuration,
            logger: Logger(label: "koober.model") { _ in SwiftLogNoOpLogHandler() })
        let services = storage.services
        do {
            try await body(
                EngineWorld(
                    users: services.userRepository, sessions: services.sessionRepository,
                    rides: services.rideRepository, fleet: services.fleetRepository,
                    scheduledRides: services.scheduledRideRepository, clock: clock))
        } catch {
            try? await storage.database.close()
            throw error
        }
        try await storage.database.close()
    }
}
