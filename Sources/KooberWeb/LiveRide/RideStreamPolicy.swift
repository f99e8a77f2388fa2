import Foundation
import NIOCore

/// How ride streams behave (SPEC.md, "The ride, live" and "Streams are shared fairly"): how many may be open (4 per
/// session, 8 per rider across all their sessions and tokens, 20 watchers per shared ride, 10,000 in all; beyond them
/// 429), how often a moving
/// animal's position goes out, and how often an idle stream says it is alive.
public struct RideStreamPolicy: Sendable {
    public var perSession: Int
    /// Sessions are free to mint (sign in again), so without this one rider could take every stream.
    public var perRider: Int
    /// Anyone with a share link may watch; a shared ride's watchers do not count toward its rider's streams.
    public var perSharedRide: Int
    public var total: Int
    public var positionInterval: Duration
    public var heartbeatInterval: Duration
    /// Koober Ops' fleet streams (`OpsFleetEventStream`): at most this many per staff session, and in all.
    public var fleetPerSession = 4
    public var fleetTotal = 100
    /// A fleet stream sends at most one update this often (what changed meanwhile, coalesced), and looks this often.
    public var fleetInterval: Duration = .seconds(1)

    public init(
        perSession: Int = 4, perRider: Int = 8, perSharedRide: Int = 20, total: Int = 10_000,
        positionInterval: Duration = .seconds(2), heartbeatInterval: Duration = .seconds(15)
    ) {
        self.perSession = perSession
        self.perRider = perRider
        self.perSharedRide = perSharedRide
        self.total = total
        self.positionInterval = positionInterval
        self.heartbeatInterval = heartbeatInterval
    }

    /// How long after it opens a stream sends its first heartbeat: at a random moment between a quarter of the
    /// interval and the whole of it, then every interval after its last write. Streams opened together (clients
    /// reconnecting after a restart, a page of riders at once) would otherwise beat together for ever, in bursts
    /// that every page served meanwhile waits behind (docs/performance.md, "Ride streams").
    func firstHeartbeat() -> TimeAmount {
        TimeAmount(heartbeatInterval * Double.random(in: 0.25...1))
    }

    /// `positionInterval` on an event loop's clock.
    var positionAmount: TimeAmount { TimeAmount(positionInterval) }
    /// `heartbeatInterval` on an event loop's clock.
    var heartbeatAmount: TimeAmount { TimeAmount(heartbeatInterval) }
}
