/// Why a ride cannot be cancelled, in words for the rider.
public enum CancelRideError: Error, Equatable, Sendable {
    /// Nothing to cancel: no ride, or it has ended.
    case noRideInProgress
    /// The rider is on board.
    case alreadyRiding

    public var errorMessage: ErrorMessage {
        switch self {
        case .noRideInProgress:
            ErrorMessage(title: "Cancel Failed", message: "There is no ride to cancel.")
        case .alreadyRiding:
            ErrorMessage(
                title: "Cancel Failed",
                message: "You are already on your way: a ride cannot be cancelled once it has picked you up.")
        }
    }
}
