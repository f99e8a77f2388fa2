import KooberKit
import Synchronization

@testable import KooberWeb

/// A stream as the feed sees it: it keeps every ride it is told of, in order, and whether its observation ended.
final class RecordingObserver: RideObserver {
    let userID: UserID
    let session: SessionTokenHash
    /// The rider's rides as stored when it opened, by id: it hears of every change after that.
    let atOpening: [RideID: Ride]
    private let state = Mutex((seen: [Ride](), ended: false))

    init(userID: UserID, session: SessionTokenHash, atOpening: [Ride]) {
        self.userID = userID
        self.session = session
        self.atOpening = Dictionary(uniqueKeysWithValues: atOpening.map { ($0.id, $0) })
    }

    var seen: [Ride] { state.withLock { $0.seen } }
    var ended: Bool { state.withLock { $0.ended } }

    func rideChanged(_ ride: Ride) {
        state.withLock { $0.seen.append(ride) }
    }

    func endObservation() {
        state.withLock { $0.ended = true }
    }
}
