import KooberKit
import NIOHTTP1

// The ride use cases' errors in the words riders read, for the pages and the API alike.

extension RequestRideError {
    var errorMessage: ErrorMessage {
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
        case .accountLocked:
            ErrorMessage(title: "Account Locked", message: "This account is locked. Please contact Koober.")
        }
    }

    /// The status a refusal answers, on the pages and the API alike.
    var status: HTTPResponseStatus {
        switch self {
        case .rideAlreadyRequested: .conflict
        case .accountLocked: .forbidden
        default: .unprocessableEntity
        }
    }
}

extension CancelRideError {
    var errorMessage: ErrorMessage {
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

extension SelectDropoffLocationError {
    var errorMessage: ErrorMessage {
        switch self {
        case .unknownPlace:
            ErrorMessage(
                title: "Unknown Place", message: "That place is not one Koober knows. Please choose from the list.")
        case .rideInProgress:
            ErrorMessage(
                title: "Ride On Its Way",
                message: "Your ride is already on its way. Start a new ride to choose another drop-off.")
        }
    }
}

extension SearchDropoffLocationsError {
    /// The search's problem, under the drop-off picker's search field (`q`).
    var errorMessage: ErrorMessage {
        switch self {
        case .queryTooLong(let limit):
            ErrorMessage(title: "Search Too Long", message: limit.words, fieldErrors: ["q": limit.words])
        }
    }
}

extension ShareRideError {
    var errorMessage: ErrorMessage {
        switch self {
        case .noLiveRide:
            ErrorMessage(title: "Nothing to Share", message: "There is no ride in progress to share.")
        case .sessionEnded:
            ErrorMessage(title: "Signed Out", message: "Please sign in again to share your ride.")
        }
    }
}
