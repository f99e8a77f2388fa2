import Foundation

/// How ride streams behave (SPEC.md, "The ride, live"): how many may be open (4 per session, 10,000 in all; beyond
/// them 429), how often a moving animal's position goes out, and how often an idle stream says it is alive.
public struct RideStreamPolicy: Sendable {
    public var perSession: Int
    public var total: Int
    public var positionInterval: TimeInterval
    public var heartbeatInterval: TimeInterval

    public init(
        perSession: Int = 4, total: Int = 10_000, positionInterval: TimeInterval = 2,
        heartbeatInterval: TimeInterval = 15
    ) {
        self.perSession = perSession
        self.total = total
        self.positionInterval = positionInterval
        self.heartbeatInterval = heartbeatInterval
    }
}
