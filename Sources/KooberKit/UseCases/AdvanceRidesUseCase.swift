import Foundation

/// Moves every ride whose next status is due on to where the clock says it is: an animal reaches the pick-up, the
/// rider has boarded, the ride ends and frees its animal at the drop-off, and the receipt is queued with that change
/// (SPEC.md, "Email": only to a confirmed email, which storage checks in the same transaction).
public struct AdvanceRidesUseCase: Sendable {
    /// The most rides advanced in one run; the dispatcher runs again at once when a run was full.
    public static let batchSize = 500

    let now: Date
    let rideRepository: any RideRepository

    public init(now: Date, rideRepository: any RideRepository) {
        self.now = now
        self.rideRepository = rideRepository
    }

    /// Returns how many rides moved.
    @discardableResult
    public func run() async throws -> Int {
        var moved = 0
        for ride in try await rideRepository.dueRides(at: now, limit: Self.batchSize) {
            guard var change = RideChange.advance(ride, to: now) else { continue }
            if change.status == .finished { change = change.queueing(.receipt(of: ride.id)) }
            if try await rideRepository.apply(change) != nil { moved += 1 }
        }
        return moved
    }
}
