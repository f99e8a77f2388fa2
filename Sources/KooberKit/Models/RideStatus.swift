/// Where a confirmed ride is (SPEC.md, "The ride, live"): the raw values are what storage, `data-ride-status` and the
/// stream carry.
public enum RideStatus: String, CaseIterable, Comparable, Sendable {
    /// Requested; waiting for a free animal of its option.
    case finding
    /// An animal is hopping to the pick-up.
    case onTheWay = "on_the_way"
    /// The animal is at the pick-up; the rider boards (1 minute).
    case arrived
    /// On the way to the drop-off.
    case riding
    case finished
    case cancelled

    /// Not over yet: a rider has at most one ride in progress, an animal carries at most one.
    public var isInProgress: Bool {
        switch self {
        case .finding, .onTheWay, .arrived, .riding: true
        case .finished, .cancelled: false
        }
    }

    /// Whether the rider may still cancel: before pick-up.
    public var isCancellable: Bool {
        switch self {
        case .finding, .onTheWay, .arrived: true
        case .riding, .finished, .cancelled: false
        }
    }

    /// The order a ride goes through its statuses (`cancelled` ends it from any earlier one).
    public var step: Int {
        Self.allCases.firstIndex(of: self)!
    }

    public static func < (lhs: RideStatus, rhs: RideStatus) -> Bool {
        lhs.step < rhs.step
    }
}
