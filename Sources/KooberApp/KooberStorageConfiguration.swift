import Foundation
import KooberKit
import KooberPostgres
import KooberWeb
import NIOCore
import Timekeeping

/// What may differ between one run of Koober and another: `koober` fills it from its flags, a test with a
/// temporary file and a clock of its own.
public struct KooberStorageConfiguration: Sendable {
    /// Where Koober's state lives.
    public var database: Database
    /// Password hashes waiting or running at once before the forms that hash answer 503 (`BoundedPasswordHasher`).
    public var hashQueueSize: Int
    public var secureCookies: Bool
    /// Whether the last `X-Forwarded-For` hop is the client's address (only behind a proxy that sets it).
    public var trustProxy: Bool
    /// The time, for sessions, sign-in throttling and rides, and the dispatcher's waits.
    public var clock: any AppClock
    /// How long one PostgreSQL call may wait for a connection and its answer (`PostgresDatabase`); tests on a busy
    /// machine give it their patience.
    public var postgresCallTimeout: Duration = .seconds(5)
    /// Animals per ride option (`--fleet-size`).
    public var fleetSize: Int
    /// Whether opening the store makes the fleet `fleetSize` (`FleetRepository.provide`): what serving Koober does.
    /// `koober staff` leaves the fleet as the serving processes made it (it has no `--fleet-size` of theirs to know).
    public var providesFleet = true
    /// How many times faster than real time rides run (`--ride-clock-rate`).
    public var rideClockRate: Double
    /// Where mail goes, from whom, with links to where (`--smtp-url` or `--mail-dir`, `--mail-from`, `--public-url`).
    public var mail: MailSettings
    /// The staff key, which seals Koober Ops' authenticator secrets (`StaffKeyFile`); `nil`: Koober Ops is not set up.
    public var staffSecretSealer: StaffSecretSealer?

    /// Connections per process to PostgreSQL (`PostgresURL.poolSize`).
    public static let defaultDatabasePoolSize = PostgresURL.defaultPoolSize

    /// 4 hashes per core the hasher's pool has (`BoundedPasswordHasher.defaultCapacity`).
    public static var defaultHashQueueSize: Int { BoundedPasswordHasher.defaultCapacity(cores: System.coreCount) }

    /// Where Koober's state lives: an SQLite file (embedded, the default), or a PostgreSQL database that any number of
    /// `koober` processes share.
    public enum Database: Sendable, Equatable {
        /// A file, or `:memory:`.
        case sqlite(path: String)
        case postgres(PostgresURL)

        /// `--database` as given: a `postgres://` (or `postgresql://`) URL, else an SQLite path.
        public init(_ text: String, poolSize: Int = PostgresURL.defaultPoolSize) throws {
            self =
                PostgresURL.isPostgres(text)
                ? .postgres(try PostgresURL(text, poolSize: poolSize)) : .sqlite(path: text)
        }
    }

    public init(
        database: Database,
        hashQueueSize: Int = KooberStorageConfiguration.defaultHashQueueSize,
        secureCookies: Bool = false,
        trustProxy: Bool = false,
        clock: any AppClock = SystemClock(),
        fleetSize: Int = Fleet.defaultSize,
        rideClockRate: Double = 1,
        mail: MailSettings = .folder("mail", publicURL: "http://127.0.0.1:8080"),
        staffSecretSealer: StaffSecretSealer? = nil
    ) {
        self.mail = mail
        self.staffSecretSealer = staffSecretSealer
        self.fleetSize = fleetSize
        self.rideClockRate = rideClockRate
        self.database = database
        self.hashQueueSize = hashQueueSize
        self.secureCookies = secureCookies
        self.trustProxy = trustProxy
        self.clock = clock
    }
}
