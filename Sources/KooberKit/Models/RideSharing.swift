/// Whether a followed ride is shared, as one session of its rider sees it (`LoadRideShareUseCase`).
public enum RideSharing: Equatable, Sendable {
    /// The ride has no live link.
    case notShared
    /// This session made the ride's live link: its token, derived anew (`RideShareToken`).
    case link(RideShareToken)
    /// The ride has a live link that another session made (another device, or this browser before it signed out and
    /// in again): its token cannot be derived here, but the rider can still stop it, or replace it with a new one.
    case sharedElsewhere
}
