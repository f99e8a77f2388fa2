import KooberKit

/// Who follows a ride's stream: the rider, in one of their sessions, or anyone with the ride's share link. The feed
/// counts them apart (SPEC.md, "Streams are shared fairly"): a rider's 4 per session and 8 in all, a shared ride's 20
/// watchers, and everyone's 10,000.
enum RideWatcher: Hashable, Sendable {
    case rider(session: SessionTokenHash)
    /// The link's token hash, and the ride it shows.
    case share(link: SessionTokenHash, rideID: RideID)

    /// The ride a share link's watcher follows; `nil` for the rider's own streams.
    var sharedRideID: RideID? {
        if case .share(_, let rideID) = self { rideID } else { nil }
    }
}
