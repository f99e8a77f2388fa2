import Foundation
import KooberKit
import Synchronization
import TestKit
import Testing

/// Pick-me-up's free animals, read at most once a second: within the age the last read serves, past it one caller
/// reads again while the others keep the last read, and a failed read is not kept.
@Suite struct RecentFreeAnimalsTests {
    /// A fleet that counts its reads, each answering the animals of that moment; a read can be held until released.
    private final class CountingFleet: FleetRepository {
        private struct State {
            var reads = 0
            var animals: [Animal] = []
            var failing = false
            var held: [CheckedContinuation<Void, Never>] = []
            var holding = false
        }

        private let state = Mutex(State())

        var reads: Int { state.withLock { $0.reads } }
        var waiting: Int { state.withLock { $0.held.count } }

        func set(animals: [Animal]) { state.withLock { $0.animals = animals } }
        func set(failing: Bool) { state.withLock { $0.failing = failing } }
        func hold() { state.withLock { $0.holding = true } }

        func release() {
            let held = state.withLock { state in
                state.holding = false
                defer { state.held = [] }
                return state.held
            }
            for continuation in held { continuation.resume() }
        }

        func provide(_ members: [FleetMember]) async throws {}

        func freeAnimals() async throws -> [Animal] {
            await withCheckedContinuation { continuation in
                let wait = state.withLock { state in
                    state.reads += 1
                    if state.holding { state.held.append(continuation) }
                    return state.holding
                }
                if !wait { continuation.resume() }
            }
            let (animals, failing) = state.withLock { ($0.animals, $0.failing) }
            if failing { throw StorageFailure() }
            return animals
        }
    }

    private struct StorageFailure: Error {}

    private final class Clock: Sendable {
        private let time = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
        var now: Date { time.withLock { $0 } }
        func advance(by seconds: TimeInterval) { time.withLock { $0 += seconds } }
    }

    private func animal(_ id: Int64) -> Animal {
        Animal(
            id: AnimalID(id), name: "Skippy \(id)", rideOptionID: "kangaroo",
            location: Location(latitude: -33.86, longitude: 151.21))
    }

    /// A cache (age 1 s) whose one read, of animal 1, is 1.5 s old.
    private func expiredRead() async throws -> (CountingFleet, Clock, RecentFreeAnimals) {
        let fleet = CountingFleet()
        let clock = Clock()
        let recent = RecentFreeAnimals(fleet: fleet, maxAge: .seconds(1), now: { clock.now })
        fleet.set(animals: [animal(1)])
        _ = try await recent.freeAnimals()
        clock.advance(by: 1.5)
        return (fleet, clock, recent)
    }

    @Test func oneReadServesEveryCallerWithinItsAgeAndANewOneAfter() async throws {
        let fleet = CountingFleet()
        let clock = Clock()
        let recent = RecentFreeAnimals(fleet: fleet, maxAge: .seconds(1), now: { clock.now })
        fleet.set(animals: [animal(1)])
        #expect(try await recent.freeAnimals() == [animal(1)])
        fleet.set(animals: [animal(2)])
        clock.advance(by: 0.9)
        #expect(try await recent.freeAnimals() == [animal(1)])
        #expect(fleet.reads == 1)
        clock.advance(by: 0.2)
        #expect(try await recent.freeAnimals() == [animal(2)])
        #expect(fleet.reads == 2)
    }

    @Test func pastItsAgeOneCallerReadsWhileTheOthersKeepTheLastRead() async throws {
        let (fleet, _, recent) = try await expiredRead()
        fleet.set(animals: [animal(2)])
        fleet.hold()
        let reader = Task { try await recent.freeAnimals() }
        #expect(await eventually { fleet.waiting == 1 })
        // Ten more pages meanwhile: the last read, no read of their own.
        for _ in 0..<10 { #expect(try await recent.freeAnimals() == [animal(1)]) }
        #expect(fleet.reads == 2)
        fleet.release()
        #expect(try await reader.value == [animal(2)])
        #expect(try await recent.freeAnimals() == [animal(2)])
        #expect(fleet.reads == 2)
    }

    @Test func aReadStillGoingAtTwiceTheAgeLetsTheNextCallerReadToo() async throws {
        let (fleet, clock, recent) = try await expiredRead()
        fleet.hold()
        let stuck = Task { try await recent.freeAnimals() }
        #expect(await eventually { fleet.waiting == 1 })
        // Two ages after the last read, the last read is too old to show: the next caller reads too.
        clock.advance(by: 1)
        let second = Task { try await recent.freeAnimals() }
        #expect(await eventually { fleet.waiting == 2 })
        fleet.release()
        _ = try await (stuck.value, second.value)
    }

    @Test func aFailedReadIsNotKeptAndTheNextCallerReadsAgain() async throws {
        let (fleet, _, recent) = try await expiredRead()
        fleet.set(failing: true)
        await #expect(throws: StorageFailure.self) { try await recent.freeAnimals() }
        fleet.set(failing: false)
        fleet.set(animals: [animal(3)])
        #expect(try await recent.freeAnimals() == [animal(3)])
        #expect(fleet.reads == 3)
    }
}
