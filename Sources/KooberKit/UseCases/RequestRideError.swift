/// Why Confirm did not request a ride.
public enum RequestRideError: Error, Equatable, Sendable {
    case noRideOptionChosen
    /// The form named an option that doesn't exist (forged).
    case unknownRideOption
    case noDropoffChosen
    /// The request named a drop-off that is not one of Koober's places.
    case unknownPlace
    /// The request named one of Koober's places with coordinates that are not the place's.
    case placeElsewhere
    /// A pick-up (named by the request) beyond `RequestRideUseCase.serviceRadiusKilometres`.
    case pickupOutsideSydney
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
        case .unknownPlace:
            ErrorMessage(title: "Unknown Drop-off", message: "Please choose one of Koober's places as the drop-off.")
        case .placeElsewhere:
            ErrorMessage(
                title: "Drop-off Elsewhere", message: "The drop-off's coordinates are not those of the place named.")
        case .pickupOutsideSydney:
            ErrorMessage(title: "Outside Sydney", message: "Koober picks riders up in Sydney only, for now.")
        case .rideAlreadyRequested:
            ErrorMessage(title: "Ride Already Requested", message: "Your ride is already on its way.")
        }
    }
}
