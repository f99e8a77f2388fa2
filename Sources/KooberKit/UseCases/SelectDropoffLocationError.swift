/// Why a drop-off could not be chosen.
public enum SelectDropoffLocationError: Error, Equatable, Sendable {
    /// The form named a place Koober doesn't know (a forged or stale id).
    case unknownPlace
    /// A ride is already on its way; it must be finished (Start New Ride) first.
    case rideInProgress
}
