import KooberKit
import NIOHTTP1

// The ride use cases' errors in the words riders read, for the pages and the API alike.

extension RequestRideError {
    func errorMessage(_ words: Words) -> ErrorMessage {
        switch self {
        case .noRideOptionChosen:
            ErrorMessage(title: words("errors.chooseARide"), message: words("errors.pleaseChooseWallabeeWallarooOr"))
        case .unknownRideOption:
            ErrorMessage(title: words("errors.unknownRideOption"), message: words("errors.pleaseChooseOneOfThe"))
        case .noDropoffChosen:
            ErrorMessage(title: words("errors.noDropOffChosen"), message: words("errors.pleaseChooseWhereToGo"))
        case .unknownPlace:
            ErrorMessage(title: words("errors.unknownDropOff"), message: words("errors.pleaseChooseOneOfKoober"))
        case .placeElsewhere:
            ErrorMessage(
                title: words("errors.dropOffElsewhere"), message: words("errors.theDropOffSCoordinates"))
        case .pickupOutsideSydney:
            ErrorMessage(title: words("errors.outsideSydney"), message: words("errors.kooberPicksRidersUpIn"))
        case .rideAlreadyRequested:
            ErrorMessage(title: words("errors.rideAlreadyRequested"), message: words("errors.yourRideIsAlreadyOn"))
        case .accountLocked:
            ErrorMessage(title: words("errors.accountLocked"), message: words("errors.thisAccountIsLockedPlease"))
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
    func errorMessage(_ words: Words) -> ErrorMessage {
        switch self {
        case .noRideInProgress:
            ErrorMessage(title: words("errors.cancelFailed"), message: words("errors.thereIsNoRideTo"))
        case .alreadyRiding:
            ErrorMessage(
                title: words("errors.cancelFailed"),
                message: words("errors.youAreAlreadyOnYour"))
        }
    }
}

extension SelectDropoffLocationError {
    func errorMessage(_ words: Words) -> ErrorMessage {
        switch self {
        case .unknownPlace:
            ErrorMessage(
                title: words("errors.unknownPlace"), message: words("errors.thatPlaceIsNotOne"))
        case .rideInProgress:
            ErrorMessage(
                title: words("errors.rideOnItsWay"),
                message: words("errors.yourRideIsAlreadyOn2"))
        }
    }
}

extension SearchDropoffLocationsError {
    /// The search's problem, under the drop-off picker's search field (`q`).
    func errorMessage(_ words: Words) -> ErrorMessage {
        switch self {
        case .queryTooLong(let limit):
            ErrorMessage(
                title: words("errors.searchTooLong"), message: limit.text(words), fieldErrors: ["q": limit.text(words)])
        }
    }
}

extension ShareRideError {
    func errorMessage(_ words: Words) -> ErrorMessage {
        switch self {
        case .noLiveRide:
            ErrorMessage(title: words("errors.nothingToShare"), message: words("errors.thereIsNoRideIn"))
        case .sessionEnded:
            ErrorMessage(title: words("errors.signedOut"), message: words("errors.pleaseSignInAgainTo"))
        }
    }
}
