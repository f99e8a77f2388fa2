import KooberKit

/// The field of Schedule's form a refusal is about, if any (it is then shown beside that field).
enum ScheduleField: Sendable {
    case rideOption
    case pickupDate
    case pickupTime
}

extension BookScheduledRideError {
    var field: ScheduleField? {
        switch self {
        case .noRideOptionChosen, .unknownRideOption: .rideOption
        case .missingDate, .invalidDate, .refused(.tooFar): .pickupDate
        case .missingTime, .invalidTime, .timeDoesNotExist, .refused(.tooSoon), .refused(.tooManyUpcoming),
            .refused(.tooClose):
            .pickupTime
        case .noDropoffChosen, .dropoff, .pickupOutsideSydney, .accountLocked: nil
        }
    }

    func errorMessage(_ words: Words) -> ErrorMessage {
        switch self {
        case .noRideOptionChosen:
            ErrorMessage(
                title: words("errors.chooseARide"), message: words("errors.pleaseChooseWallabeeWallarooOr2"))
        case .unknownRideOption: RequestRideError.unknownRideOption.errorMessage(words)
        case .noDropoffChosen: RequestRideError.noDropoffChosen.errorMessage(words)
        case .dropoff(let error): error.errorMessage(words)
        case .pickupOutsideSydney: RequestRideError.pickupOutsideSydney.errorMessage(words)
        case .missingDate:
            ErrorMessage(title: words("errors.pickUpDateMissing"), message: words("errors.pleaseEnterThePickUp"))
        case .invalidDate:
            ErrorMessage(title: words("errors.invalidPickUpDate"), message: words("errors.pleaseEnterAPickUp"))
        case .missingTime:
            ErrorMessage(title: words("errors.pickUpTimeMissing"), message: words("errors.pleaseEnterThePickUp2"))
        case .invalidTime:
            ErrorMessage(title: words("errors.invalidPickUpTime"), message: words("errors.pleaseEnterAPickUp2"))
        case .timeDoesNotExist:
            ErrorMessage(
                title: words("errors.noSuchTime"),
                message: words("errors.thatTimeDoesNotExist"))
        case .refused(.tooSoon):
            ErrorMessage(title: words("errors.tooSoon"), message: words("errors.pleaseChooseAPickUp"))
        case .refused(.tooFar):
            ErrorMessage(title: words("errors.tooFarAhead"), message: words("errors.pleaseChooseAPickUp2"))
        case .refused(.tooManyUpcoming):
            ErrorMessage(
                title: words("errors.threeRidesBooked"),
                message: words("errors.youAlreadyHave3Upcoming"))
        case .refused(.tooClose):
            ErrorMessage(
                title: words("errors.tooCloseToAnotherRide"),
                message: words("errors.youHaveAnotherRideBooked"))
        case .accountLocked: RequestRideError.accountLocked.errorMessage(words)
        }
    }
}

extension ScheduledRideRepositoryError {
    func errorMessage(_ words: Words) -> ErrorMessage {
        switch self {
        case .notFound:
            ErrorMessage(title: words("errors.rideNotFound"), message: words("errors.youHaveNoSuchScheduled"))
        case .notUpcoming:
            ErrorMessage(
                title: words("errors.cancelFailed"), message: words("errors.thisRideHasAlreadyStarted"))
        }
    }
}

/// **Your Wallaroo is booked for Sat 28 Nov at 9:30 am**, on pick-me-up after Schedule.
enum ScheduledRideNotice {
    static func booked(_ ride: ScheduledRide, _ words: Words) -> ErrorMessage {
        ErrorMessage(
            title: words("errors.rideBooked"),
            message: words(
                "errors.yourRideIsBookedFor",
                [
                    "rideOption": ride.rideOptionName,
                    "pickupTime": PickupTimeText.text(for: ride.pickupAt, in: words.language),
                ]))
    }

    static func cancelled(_ ride: ScheduledRide, _ words: Words) -> ErrorMessage {
        ErrorMessage(
            title: words("errors.rideCancelled"),
            message: words(
                "errors.yourRideIsCancelledFree",
                [
                    "rideOption": ride.rideOptionName,
                    "pickupTime": PickupTimeText.text(for: ride.pickupAt, in: words.language),
                ])
        )
    }
}
