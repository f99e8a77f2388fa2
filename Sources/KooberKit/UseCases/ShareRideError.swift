/// Why Share Ride was refused; nothing was stored.
public enum ShareRideError: Error, Equatable, Sendable {
    /// No ride in progress to share (none, or it has finished or been cancelled).
    case noLiveRide
    /// The session that asked ended meanwhile.
    case sessionEnded
}
