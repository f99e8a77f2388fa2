/// Why a ride cannot be cancelled.
public enum CancelRideError: Error, Equatable, Sendable {
    /// Nothing to cancel: no ride, or it has ended.
    case noRideInProgress
    /// The rider is on board.
    case alreadyRiding
}
