/// The rides in progress now, by where they are (the status last stored: the dispatcher stores what the clock brings
/// within a second).
public struct LiveRideCounts: Equatable, Sendable {
    public let finding: Int
    public let onTheWay: Int
    public let arrived: Int
    public let riding: Int

    public init(finding: Int = 0, onTheWay: Int = 0, arrived: Int = 0, riding: Int = 0) {
        self.finding = finding
        self.onTheWay = onTheWay
        self.arrived = arrived
        self.riding = riding
    }

    /// From a count per stored status; statuses that are not in progress are left out.
    public init(byStatus counts: [RideStatus: Int]) {
        self.init(
            finding: counts[.finding] ?? 0, onTheWay: counts[.onTheWay] ?? 0, arrived: counts[.arrived] ?? 0,
            riding: counts[.riding] ?? 0)
    }

    /// On their way to the pick-up, or there (SPEC's one figure for both).
    public var toPickup: Int { onTheWay + arrived }
}
