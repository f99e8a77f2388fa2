import Foundation
import KooberKit
import NIOCore

/// What may differ between one run of Koober and another: `koober` fills it from its flags, a test with a
/// temporary file and a clock of its own.
public struct KooberStorageConfiguration: Sendable {
    /// The SQLite database file, or `:memory:`.
    public var databasePath: String
    /// Password hashes waiting or running at once before the forms that hash answer 503 (`BoundedPasswordHasher`).
    public var hashQueueSize: Int
    public var secureCookies: Bool
    /// Whether the last `X-Forwarded-For` hop is the client's address (only behind a proxy that sets it).
    public var trustProxy: Bool
    /// The time, for sessions, sign-in throttling and rides.
    public var now: @Sendable () -> Date
    /// Animals per ride option (`--fleet-size`).
    public var fleetSize: Int
    /// How many times faster than real time rides run (`--ride-clock-rate`).
    public var rideClockRate: Double

    /// 4 hashes per core the hasher's pool has (`BoundedPasswordHasher.defaultCapacity`).
    public static var defaultHashQueueSize: Int { BoundedPasswordHasher.defaultCapacity(cores: System.coreCount) }

    public init(
        databasePath: String,
        hashQueueSize: Int = KooberStorageConfiguration.defaultHashQueueSize,
        secureCookies: Bool = false,
        trustProxy: Bool = false,
        now: @escaping @Sendable () -> Date = Date.init,
        fleetSize: Int = Fleet.defaultSize,
        rideClockRate: Double = 1
    ) {
        self.fleetSize = fleetSize
        self.rideClockRate = rideClockRate
        self.databasePath = databasePath
        self.hashQueueSize = hashQueueSize
        self.secureCookies = secureCookies
        self.trustProxy = trustProxy
        self.now = now
    }
}
