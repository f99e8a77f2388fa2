/// Whose ride a live share link shows, as far as a watcher may know: the ride and its rider's nickname, nothing else
/// of the rider (SPEC.md, "During the ride: Share Ride").
public struct SharedRideOwner: Equatable, Sendable {
    public let rideID: RideID
    public let nickname: String

    public init(rideID: RideID, nickname: String) {
        self.rideID = rideID
        self.nickname = nickname
    }
}
