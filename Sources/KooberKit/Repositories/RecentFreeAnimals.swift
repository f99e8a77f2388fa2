import Foundation
import Synchronization
import Timekeeping

/// The free animals as they were at most `maxAge` ago, for what only shows them (pick-me-up's "3 min away"): every
/// rider at step 2 asks, and one read a second serves them all. The dispatcher reads the fleet itself, never this.
///
/// When the last read is too old, one caller reads again; the callers that ask meanwhile get the last read (up to
/// twice `maxAge` old) instead of reading too. Otherwise every page in flight when the read expired read the whole
/// fleet at once, once a second (docs/performance.md, "Ride streams").
public final class RecentFreeAnimals: FleetRepository {
    private struct Recent {
        var animals: [Animal]
        var readAt: Date
        var reading = false
    }

    private let fleet: any FleetRepository
    private let maxAge: Duration
    private let now: @Sendable () -> Date
    private let recent = Mutex<Recent?>(nil)

    public init(fleet: any FleetRepository, maxAge: Duration = .seconds(1), now: @escaping @Sendable () -> Date) {
        self.fleet = fleet
        self.maxAge = maxAge
        self.now = now
    }

    public func provide(_ members: [FleetMember]) async throws {
        try await fleet.provide(members)
        recent.withLock { $0 = nil }
    }

    public func rideOptionsWithFreeAnimals() async throws -> Set<String> {
        try await fleet.rideOptionsWithFreeAnimals()
    }

    public func nearestFreeAnimal(rideOptionID: String, to location: Location) async throws -> Animal? {
        try await fleet.nearestFreeAnimal(rideOptionID: rideOptionID, to: location)
    }

    public func freeAnimals() async throws -> [Animal] {
        let time = now()
        let kept = recent.withLock { recent -> [Animal]? in
            guard let last = recent else { return nil }
            let age = abs(time.timeIntervalSince(last.readAt))
            if age < maxAge.timeInterval || (last.reading && age < 2 * maxAge.timeInterval) { return last.animals }
            recent?.reading = true
            return nil
        }
        if let kept { return kept }
        do {
            let animals = try await fleet.freeAnimals()
            recent.withLock { $0 = Recent(animals: animals, readAt: time) }
            return animals
        } catch {
            recent.withLock { $0?.reading = false }
            throw error
        }
    }
}
