/// Why Schedule did not book a ride.
public enum BookScheduledRideError: Error, Equatable, Sendable {
    case noRideOptionChosen
    /// The form named an option that doesn't exist (forged).
    case unknownRideOption
    case noDropoffChosen
    /// The request named a drop-off that is not one of Koober's places, or not where it is
    /// (`RequestRideError.unknownPlace`, `.placeElsewhere`).
    case dropoff(RequestRideError)
    case pickupOutsideSydney
    case missingDate
    /// Not a `yyyy-mm-dd` day of the calendar.
    case invalidDate
    case missingTime
    /// Not a `hh:mm` time of day.
    case invalidTime
    /// A wall time Sydney's clocks skip (the first Sunday of October, 2:00–2:59 am).
    case timeDoesNotExist
    /// A rule of `ScheduledRidePolicy`.
    case refused(ScheduledRideRefusal)
    /// Koober Ops locked the account while the booking was on its way (`RideRepositoryError.accountLocked`).
    case accountLocked
}
