/// Where a scheduled ride is (SPEC.md, "Scheduled rides"): booked and waiting for its start, started as a ride,
/// missed behind a ride in progress, or cancelled by the rider before its start.
public enum ScheduledRideStatus: Equatable, Sendable {
    case upcoming
    /// Started as the ride with this id (`finding`, then as any ride).
    case started(RideID)
    /// The rider had a ride in progress from its start until its miss time: no charge.
    case missed
    case cancelled

    /// What storage keeps in `status` (the started ride's id has its own column).
    public var storedName: String {
        switch self {
        case .upcoming: "upcoming"
        case .started: "started"
        case .missed: "missed"
        case .cancelled: "cancelled"
        }
    }

    /// The status from what storage keeps; `nil` for a name it never writes, or `started` without its ride.
    public init?(storedName: String, rideID: RideID?) {
        switch (storedName, rideID) {
        case ("upcoming", _): self = .upcoming
        case ("started", let rideID?): self = .started(rideID)
        case ("missed", _): self = .missed
        case ("cancelled", _): self = .cancelled
        default: return nil
        }
    }
}
