import KooberKit
import NIOCore
import Synchronization

/// One reading of the fleet as every fleet stream of the process sends it, worked out once (off the event loops),
/// however many staff pages watch: what changed since the reading before it, encoded once, and, for a stream that
/// starts or missed a reading, every animal, encoded once when first asked for (docs/performance.md, "Koober Ops'
/// fleet").
///
/// An animal counts as changed when what a page shows of it changes: its state, its words, its place in words, or
/// the whole pixel of the fleet map it stands on. An animal that moves less than a pixel is not sent again.
final class FleetUpdate: Sendable {
    /// What a page shows of one animal.
    struct Shown: Equatable, Sendable {
        let state: String
        let stateText: String
        let place: String
        let pixel: FleetMap.Pixel
    }

    /// What was told of one animal, and what a page shows of it.
    private struct Told: Sendable {
        let animal: FleetEventMessage.Animal
        let shown: Shown
    }

    /// Counts readings, from 1: a stream remembers the last it sent.
    let generation: Int
    /// The reading this one was compared with (nil: none), which `change` is told after.
    private let previousGeneration: Int?
    /// Every animal as last told (one that did not change keeps what was told of it before), in the store's order.
    private let animals: [FleetEventMessage.Animal]
    private let told: [Int64: Told]
    /// `event: fleet` with the animals that changed since the reading before, nil when none did.
    private let change: ByteBuffer?
    private let everythingEncoded = Mutex<ByteBuffer?>(nil)

    /// The reading of `statuses` after `previous` (nil: the first; every animal counts as changed).
    init(generation: Int, statuses: [FleetAnimalStatus], after previous: FleetUpdate?) {
        self.generation = generation
        previousGeneration = previous?.generation
        var animals: [FleetEventMessage.Animal] = []
        var told: [Int64: Told] = [:]
        var changed: [FleetEventMessage.Animal] = []
        animals.reserveCapacity(statuses.count)
        told.reserveCapacity(statuses.count)
        for status in statuses {
            let id = status.id.rawValue
            let pixel = FleetMap.pixel(of: status.position)
            let stateText = FleetStateWords.text(status)
            let before = previous?.told[id]
            if let before, before.shown.pixel == pixel, before.shown.state == status.state.rawValue,
                before.shown.stateText == stateText
            {
                // Neither moved a pixel nor changed: what was told stands, its place in words included.
                animals.append(before.animal)
                told[id] = before
                continue
            }
            let animal = FleetEventMessage.Animal(status, place: FleetPlaceText.text(for: status.position))
            let shown = Shown(state: animal.state, stateText: animal.stateText, place: animal.place, pixel: pixel)
            animals.append(animal)
            told[id] = Told(animal: animal, shown: shown)
            if before?.shown != shown { changed.append(animal) }
        }
        self.animals = animals
        self.told = told
        change = changed.isEmpty ? nil : FleetEventMessage(animals: changed).bytes()
    }

    /// `event: fleet` with every animal.
    var everything: ByteBuffer {
        everythingEncoded.withLock { encoded in
            if let encoded { return encoded }
            let bytes = FleetEventMessage(animals: animals).bytes()
            encoded = bytes
            return bytes
        }
    }

    /// What a stream that last sent reading `sent` (nil: none) sends now: nothing when it sent this one, what changed
    /// when it sent the one this was compared with, else every animal.
    func bytes(after sent: Int?) -> ByteBuffer? {
        if sent == generation { return nil }
        if let sent, sent == previousGeneration { return change }
        return everything
    }
}
