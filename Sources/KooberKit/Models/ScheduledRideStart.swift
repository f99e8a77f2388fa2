/// What one attempt to start a due scheduled ride came to (`ScheduledRideRepository.start`).
public enum ScheduledRideStart: Equatable, Sendable {
    /// It is now this ride, `finding`; the "starting" mail is queued.
    case started(Ride)
    /// The rider has a ride in progress and the miss time has not come: it waits, unchanged.
    case waiting
    /// The rider still had a ride in progress at its miss time: missed, the "missed" mail queued.
    case missed
    /// It was no longer upcoming (another process started it, the rider cancelled it, or it is gone), or another
    /// process holds it right now: nothing done here.
    case notUpcoming
}
