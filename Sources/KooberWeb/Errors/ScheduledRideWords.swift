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

    var errorMessage: ErrorMessage {
        switch self {
        case .noRideOptionChosen:
            ErrorMessage(
                title: "Choose a Ride", message: "Please choose Wallabee, Wallaroo or Kangaroo, then Schedule.")
        case .unknownRideOption: RequestRideError.unknownRideOption.errorMessage
        case .noDropoffChosen: RequestRideError.noDropoffChosen.errorMessage
        case .dropoff(let error): error.errorMessage
        case .pickupOutsideSydney: RequestRideError.pickupOutsideSydney.errorMessage
        case .missingDate: ErrorMessage(title: "Pick-up Date Missing", message: "Please enter the pick-up date.")
        case .invalidDate:
            ErrorMessage(title: "Invalid Pick-up Date", message: "Please enter a pick-up date like 2026-11-28.")
        case .missingTime: ErrorMessage(title: "Pick-up Time Missing", message: "Please enter the pick-up time.")
        case .invalidTime:
            ErrorMessage(title: "Invalid Pick-up Time", message: "Please enter a pick-up time like 09:30.")
        case .timeDoesNotExist:
            ErrorMessage(
                title: "No Such Time",
                message: "That time does not exist in Sydney: the clocks go forward from 2:00 to 3:00 am that night.")
        case .refused(.tooSoon):
            ErrorMessage(title: "Too Soon", message: "Please choose a pick-up time at least 15 minutes from now.")
        case .refused(.tooFar):
            ErrorMessage(title: "Too Far Ahead", message: "Please choose a pick-up time at most 7 days from now.")
        case .refused(.tooManyUpcoming):
            ErrorMessage(
                title: "Three Rides Booked",
                message: "You already have 3 upcoming rides. Cancel one on My Profile to book another.")
        case .refused(.tooClose):
            ErrorMessage(
                title: "Too Close to Another Ride",
                message: "You have another ride booked within 30 minutes of that time.")
        case .accountLocked: RequestRideError.accountLocked.errorMessage
        }
    }
}

extension ScheduledRideRepositoryError {
    var errorMessage: ErrorMessage {
        switch self {
        case .notFound: ErrorMessage(title: "Ride Not Found", message: "You have no such scheduled ride.")
        case .notUpcoming:
            ErrorMessage(
                title: "Cancel Failed", message: "This ride has already started, so it cannot be cancelled here.")
        }
    }
}

/// **Your Wallaroo is booked for Sat 28 Nov at 9:30 am**, on pick-me-up after Schedule.
enum ScheduledRideNotice {
    static func booked(_ ride: ScheduledRide) -> ErrorMessage {
        ErrorMessage(
            title: "Ride Booked",
            message: "Your \(ride.rideOptionName) is booked for \(PickupTimeText.text(for: ride.pickupAt))")
    }

    static func cancelled(_ ride: ScheduledRide) -> ErrorMessage {
        ErrorMessage(
            title: "Ride Cancelled",
            message:
                "Your \(ride.rideOptionName) for \(PickupTimeText.text(for: ride.pickupAt)) is cancelled, free of charge."
        )
    }
}
