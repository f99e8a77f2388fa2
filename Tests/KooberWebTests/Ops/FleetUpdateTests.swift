import Foundation
import KooberKit
import NIOCore
import Synchronization
import TestKit
import Testing

@testable import KooberWeb

/// The fleet as every stream of a process sends it (`FleetUpdate`, `FleetWatchers.update`): one reading a second
/// however many pages watch, what changed encoded once, and a moving animal told again only when it moves a pixel.
@Suite struct FleetUpdateTests {
    private static let circularQuay = Location(latitude: -33.8614, longitude: 151.2108)

    private static func status(
        _ id: Int64, _ state: FleetAnimalState = .free, at position: Location = circularQuay
    ) -> FleetAnimalStatus {
        FleetAnimalStatus(
            id: AnimalID(id), name: "Animal \(id)", rideOptionID: "kangaroo", state: state, position: position)
    }

    private static func ids(_ bytes: ByteBuffer?) -> [Int64] {
        guard let bytes else { return [] }
        let text = String(buffer: bytes)
        return text.matches(of: /"id":(\d+)/).compactMap { Int64($0.1) }
    }

    /// A point a tenth of a pixel from `location` that stays on its pixel, found by looking.
    private static func nudged(_ location: Location) throws -> Location {
        let pixel = FleetMap.pixel(of: location)
        let nudges = (1...20).map {
            Location(latitude: location.latitude + Double($0) * 1e-6, longitude: location.longitude)
        }
        return try #require(nudges.first { FleetMap.pixel(of: $0) == pixel && $0 != location })
    }

    @Test func theFirstReadingTellsEveryAnimalAndItsWords() {
        let update = FleetUpdate(generation: 1, statuses: [Self.status(1), Self.status(2, .onRide)], after: nil)
        #expect(Self.ids(update.bytes(after: nil)) == [1, 2])
        let text = String(buffer: update.everything)
        #expect(text.hasPrefix("event: fleet\ndata: {\"animals\":[{\"id\":1,"))
        #expect(text.hasSuffix("]}\n\n"))
        #expect(text.contains(#""state":"on_ride","state_text":"On a ride""#))
        #expect(update.bytes(after: 1) == nil)
    }

    @Test func aStreamGetsWhatChangedSinceItsLastReadingElseEverything() throws {
        let first = FleetUpdate(
            generation: 1, statuses: [Self.status(1), Self.status(2), Self.status(3), Self.status(4)], after: nil)
        let far = Location(latitude: Self.circularQuay.latitude - 0.01, longitude: Self.circularQuay.longitude)
        let statuses = [
            Self.status(1), Self.status(2, .outOfService), Self.status(3, .onRide, at: far),
            Self.status(4, at: try Self.nudged(Self.circularQuay)),
        ]
        let second = FleetUpdate(generation: 2, statuses: statuses, after: first)
        // Out of service, and moved a kilometre: told; not moved a pixel: not.
        #expect(Self.ids(second.bytes(after: 1)) == [2, 3])
        #expect(second.bytes(after: 2) == nil)
        #expect(Self.ids(second.bytes(after: nil)) == [1, 2, 3, 4])
        #expect(Self.ids(second.bytes(after: 0)) == [1, 2, 3, 4])
        #expect(String(buffer: second.everything).contains(#""state":"out_of_service""#))

        let third = FleetUpdate(generation: 3, statuses: statuses, after: second)
        #expect(third.bytes(after: 2) == nil, "nothing changed")
        #expect(Self.ids(third.bytes(after: 1)) == [1, 2, 3, 4], "a stream that missed a reading gets everything")
    }

    @Test func aStringTheStreamCarriesIsEscaped() {
        let status = FleetAnimalStatus(
            id: AnimalID(7), name: "Skippy \"the\" \\ Roo\n", rideOptionID: "kangaroo", state: .free,
            position: Self.circularQuay)
        let text = String(buffer: FleetUpdate(generation: 1, statuses: [status], after: nil).everything)
        let json =
            try? JSONSerialization.jsonObject(
                with: Data(text.dropFirst("event: fleet\ndata: ".count).dropLast(2).utf8)) as? [String: Any]
        let animals = json?["animals"] as? [[String: Any]]
        #expect(animals?.first?["name"] as? String == "Skippy \"the\" \\ Roo\n")
        #expect(animals?.first?["id"] as? Int == 7)
    }

    @Test func everyStreamOfTheProcessSharesOneReadingPerInterval() async throws {
        let watchers = FleetWatchers(policy: RideStreamPolicy())
        let stream = Observer()
        try watchers.register(stream, session: StaffTokenHash(hex: String(repeating: "ab", count: 32)))
        let reads = Mutex(0)
        let read: @Sendable () async throws -> [FleetStanding] = {
            reads.withLock { $0 += 1 }
            return [
                FleetStanding(
                    animal: Animal(id: AnimalID(1), name: "A", rideOptionID: "kangaroo", location: Self.circularQuay),
                    isOutOfService: false)
            ]
        }
        let start = NIODeadline.uptimeNanoseconds(1_000_000_000)
        let now: @Sendable () -> Date = { Date(timeIntervalSince1970: 1_800_000_000) }
        async let one = watchers.update(at: start, read: read, now: now)
        async let two = watchers.update(at: start, read: read, now: now)
        let (first, second) = try await (one, two)
        #expect(first === second)
        let soon = try await watchers.update(at: start + .milliseconds(900), read: read, now: now)
        #expect(soon === first)
        #expect(reads.withLock { $0 } == 1)

        let later = try await watchers.update(at: start + .seconds(1), read: read, now: now)
        #expect(later.generation == first.generation + 1)
        #expect(reads.withLock { $0 } == 2)

        watchers.changed()
        let changed = try await watchers.update(at: start + .milliseconds(1_100), read: read, now: now)
        #expect(changed.generation == later.generation + 1, "a change makes the last reading stale")
        #expect(changed.bytes(after: later.generation) == nil, "it is still compared with the one before")
        #expect(reads.withLock { $0 } == 3)
    }

    @Test func aStreamAskingAfterAChangeNeverJoinsAReadingBegunBeforeIt() async throws {
        let watchers = FleetWatchers(policy: RideStreamPolicy())
        try watchers.register(Observer(), session: StaffTokenHash(hex: String(repeating: "cd", count: 32)))
        let (released, release) = AsyncStream<Void>.makeStream()
        let reads = Mutex(0)
        let read: @Sendable () async throws -> [FleetStanding] = {
            let number = reads.withLock { count in
                count += 1
                return count
            }
            // The first reading is slow: it read the fleet before the mark below, and ends after it.
            if number == 1 { for await _ in released { break } }
            let animal = Animal(
                id: AnimalID(1), name: "A", rideOptionID: "kangaroo", location: Self.circularQuay)
            return [FleetStanding(animal: animal, isOutOfService: number > 1)]
        }
        let start = NIODeadline.uptimeNanoseconds(1_000_000_000)
        let now: @Sendable () -> Date = { Date(timeIntervalSince1970: 1_800_000_000) }
        async let before = watchers.update(at: start, read: read, now: now)
        #expect(await eventually { reads.withLock { $0 } == 1 })

        watchers.changed()  // an animal taken out of service here
        let after = try await watchers.update(at: start, read: read, now: now)
        #expect(String(buffer: after.everything).contains(#""state":"out_of_service""#))
        release.yield()
        let stale = try await before
        #expect(!String(buffer: stale.everything).contains(#""state":"out_of_service""#))
        #expect(reads.withLock { $0 } == 2)
        let next = try await watchers.update(at: start + .milliseconds(500), read: read, now: now)
        #expect(next === after, "the stale reading, ended last, is not kept")
    }

    private final class Observer: FleetObserver {
        func fleetChanged() {}
        func endObservation() {}
    }
}
