/// Why a drop-off could not be chosen.
public enum SelectDropoffLocationError: Error, Equatable, Sendable {
    /// The form named a place Koober doesn't know (a forged or stale id).
    case unknownPlace
    /// A ride is already on its way; it must be finished (Start New Ride) first.
    case rideInProgress

    public var errorMessage: ErrorMessage {
        switch self {
        case .unknownPlace:
            ErrorMessage(
                title: "Unknown Place", message: "That place is not one Koober knows. Please choose from the list.")
        case .rideInProgress:
            ErrorMessage(
                title: "Ride On Its Way",
                message: "Your ride is already on its way. Start a new ride to choose another drop-off."
            )
        }
    }
}
