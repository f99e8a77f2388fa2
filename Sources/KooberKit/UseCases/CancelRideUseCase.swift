import Foundation

/// Cancel Ride: ends the rider's ride before pick-up, free of charge, and frees its animal where it stands.
public struct CancelRideUseCase: Sendable {
    let userID: UserID
    let now: Date
    let rideRepository: any RideRepository
    let signal: any RideChangeSignal

    public init(userID: UserID, now: Date, rideRepository: any RideRepository, signal: any RideChangeSignal) {
        self.userID = userID
        self.now = now
        self.rideRepository = rideRepository
        self.signal = signal
    }

    /// Throws a `CancelRideError` when there is nothing the rider may cancel.
    public func run() async throws -> Ride {
        // A change is applied only to the revision it was made from; another process (or the dispatcher) moving
        // the ride meanwhile means reading it again. Three tries: each loss means the ride did move.
        for _ in 0..<3 {
            guard let ride = try await rideRepository.followedRide(userID: userID), ride.status.isInProgress else {
                throw CancelRideError.noRideInProgress
            }
            guard let change = RideChange.cancel(ride, at: now) else {
                _ = try await AdvanceRide(ride: ride, now: now, rideRepository: rideRepository).run()
                throw ride.progress(at: now).status == .riding
                    ? CancelRideError.alreadyRiding : CancelRideError.noRideInProgress
            }
            if let cancelled = try await rideRepository.apply(change) {
                signal.ridesChanged()
                return cancelled
            }
        }
        throw CancelRideError.noRideInProgress
    }
}
