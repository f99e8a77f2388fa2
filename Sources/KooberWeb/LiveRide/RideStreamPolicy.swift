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

    /// When a stream opened at `start` sends its first heartbeat: at a random moment between a quarter of the
    /// interval and the whole of it, then every interval after its last write. Streams opened together (clients
    /// reconnecting after a restart, a page of riders at once) would otherwise beat together for ever, in bursts
    /// that every page served meanwhile waits behind (docs/performance.md, "Ride streams").
    func firstHeartbeat(after start: Date) -> Date {
        start + heartbeatInterval * Double.random(in: 0.25...1)
    }
}
