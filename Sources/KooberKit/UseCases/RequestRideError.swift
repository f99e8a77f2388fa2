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
    /// Koober Ops locked the account while the request was on its way (`RideRepositoryError.accountLocked`).
    case accountLocked
}
