/// A ride at one moment: its status, where its animal is, and how long until the next arrival.
public struct RideProgress: Equatable, Sendable {
    public let status: RideStatus
    /// Where the animal is, while it has one (on its way, waiting at the pick-up, riding).
    public let position: Location?
    /// Simulated seconds until the animal reaches the pick-up (`on_the_way`) or the drop-off (`riding`).
    public let etaSeconds: Double?

    public init(status: RideStatus, position: Location? = nil, etaSeconds: Double? = nil) {
        self.status = status
        self.position = position
        self.etaSeconds = etaSeconds
    }

    /// Whether the animal is hopping: the stream then sends its position every 2 seconds.
    public var isMoving: Bool { status == .onTheWay || status == .riding }
}
