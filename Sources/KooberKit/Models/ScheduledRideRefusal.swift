/// Why a pick-up time cannot be booked (`ScheduledRidePolicy`, and storage for the two rules that involve the
/// rider's other bookings, checked again in the booking's transaction).
public enum ScheduledRideRefusal: Error, Equatable, Sendable {
    /// Less than 15 minutes (÷ the clock rate) ahead.
    case tooSoon
    /// More than 7 days ahead.
    case tooFar
    /// The rider already has 3 upcoming rides.
    case tooManyUpcoming
    /// Less than 30 minutes from another of the rider's upcoming rides.
    case tooClose
}
