/// Why Confirm did not request a ride.
public enum RequestRideError: Error, Equatable, Sendable {
    case noRideOptionChosen
    /// The form named an option that doesn't exist (forged).
    case unknownRideOption
    case noDropoffChosen
    /// A ride is already on its way (e.g. Confirm pressed in a second tab).
    case rideAlreadyRequested

    public var errorMessage: ErrorMessage {
        switch self {
        case .noRideOptionChosen:
            ErrorMessage(title: "Choose a Ride", message: "Please choose Wallabee, Wallaroo or Kangaroo, then Confirm.")
        case .unknownRideOption:
            ErrorMessage(title: "Unknown Ride Option", message: "Please choose one of the ride options shown.")
        case .noDropoffChosen:
            ErrorMessage(title: "No Drop-off Chosen", message: "Please choose where to go first.")
        case .rideAlreadyRequested:
            ErrorMessage(title: "Ride Already Requested", message: "Your ride is already on its way.")
        }
    }
}
