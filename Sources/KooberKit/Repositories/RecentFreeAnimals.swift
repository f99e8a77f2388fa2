import Foundation
import Synchronization

/// The free animals as they were at most `maxAge` ago, for what only shows them (pick-me-up's "3 min away"): every
/// rider at step 2 asks, and one read a second serves them all. The dispatcher reads the fleet itself, never this.
public final class RecentFreeAnimals: FleetRepository {
    private let fleet: any FleetRepository
    private let maxAge: TimeInterval
    private let now: @Sendable () -> Date
    private let recent = Mutex<(animals: [Animal], readAt: Date)?>(nil)

    public init(fleet: any FleetRepository, maxAge: TimeInterval = 1, now: @escaping @Sendable () -> Date) {
        self.fleet = fleet
        self.maxAge = maxAge
        self.now = now
    }

    public func provide(_ members: [FleetMember]) async throws {
        try await fleet.provide(members)
        recent.withLock { $0 = nil }
    }

    public func freeAnimals() async throws -> [Animal] {
        let time = now()
        if let recent = recent.withLock({ $0 }), abs(time.timeIntervalSince(recent.readAt)) < maxAge {
            return recent.animals
        }
        let animals = try await fleet.freeAnimals()
        recent.withLock { $0 = (animals, time) }
        return animals
    }
}
