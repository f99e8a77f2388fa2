import Foundation

/// What starting a due scheduled ride does, worked out from what the store read in the start's transaction (the
/// booking, claimed while upcoming, and whether its rider has a ride in progress): every store applies this one rule
/// (`ScheduledRideRepository.start`) and only reads and writes.
public enum ScheduledStartDecision: Equatable, Sendable {
    /// Store this ride exactly as `requestRide` does (`finding`, the booked fare, requested at the start time), mark
    /// the booking started as it, and queue the "starting" mail.
    case start(NewRideRequest)
    /// Leave the booking upcoming: the rider's ride in progress may end before its miss time.
    case wait
    /// Mark the booking missed (no ride, no charge) and queue the "missed" mail.
    case miss

    /// The decision for `booking` at `time`: it starts unless its rider has a ride in progress; behind one it waits
    /// until its miss time (`ScheduledRide.missAt`) and is missed from then on.
    public init(_ booking: ScheduledRide, riderHasRideInProgress: Bool, at time: Date) {
        if !riderHasRideInProgress {
            self = .start(booking.rideRequest(at: time))
        } else {
            self = time >= booking.missAt ? .miss : .wait
        }
    }

    /// The message queued with it (to a confirmed email, as a receipt is) about the booking `id`; none while it waits.
    public func mail(about id: ScheduledRideID) -> OutgoingMail? {
        switch self {
        case .start: .scheduledRide(.scheduledRideStarting, id: id)
        case .miss: .scheduledRide(.scheduledRideMissed, id: id)
        case .wait: nil
        }
    }
}
