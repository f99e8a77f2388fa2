import ArgumentParser
import Foundation
import HTTPServer
import KooberApp
import KooberKit
import KooberWeb
import LogLines
import MailDelivery
import NIOCore
import NIOPosix
import Timekeeping

/// The settings Koober runs with: each flag, else its environment variable, else the default of SPEC.md.
struct KooberSettings: Equatable {
    var hostname: String
    var port: Int
    var database: KooberStorageConfiguration.Database
    var templates: String
    var publicDirectory: String
    var secureCookies: Bool
    var maxConnections: Int
    /// The port of the Prometheus metrics listener; `nil` (the default) serves no metrics.
    var metricsPort: Int?
    var metricsHostname: String
    var logFormat: LogFormat
    /// Password hashes waiting or running at once before the forms that hash answer 503 (`BoundedPasswordHasher`).
    var hashQueueSize: Int
    /// Whether the last `X-Forwarded-For` hop is the client's address (only behind a proxy that sets it).
    var trustProxy: Bool
    /// Animals per ride option.
    var fleetSize: Int
    /// How many times faster than real time rides run.
    var rideClockRate: Double
    /// The relay mail goes through; `nil` puts it in `mailDirectory`.
    var smtpURL: SMTPURL?
    var mailFrom: MailAddress
    var mailDirectory: String
    /// The address riders reach Koober at, for links in mail: never a request's `Host`.
    var publicURL: String
    /// The file of the staff key that seals Koober Ops' authenticator secrets (`StaffKeyFile`): `--staff-key-file`, else
    /// `KOOBER_STAFF_KEY_FILE`, else beside an SQLite database (`<database>.staff-key`); `nil` for PostgreSQL without
    /// one (every process must share one key, so none is made up) and for `:memory:`.
    var staffKeyFile: String?
    /// Where the data each page is rendered with is written (`ViewDataKeeper`); `nil`, the default, writes none.
    var keepViewData: String?

    /// 4 hashes per core the hasher's pool has (`BoundedPasswordHasher.defaultCapacity`).
    static var defaultHashQueueSize: Int { KooberStorageConfiguration.defaultHashQueueSize }

    /// What the composition root (`KooberStorage.open`) needs of these settings.
    var storage: KooberStorageConfiguration {
        KooberStorageConfiguration(
            database: database,
            hashQueueSize: hashQueueSize,
            secureCookies: secureCookies,
            trustProxy: trustProxy,
            fleetSize: fleetSize,
            rideClockRate: rideClockRate,
            mail: mail
        )
    }

    /// Where mail goes: through the relay, or into the folder as `.eml` files.
    var mail: MailSettings {
        guard let smtpURL else { return .folder(mailDirectory, publicURL: publicURL) }
        let transport = SMTPTransport(
            url: smtpURL, heloName: URL(string: publicURL)?.host ?? "koober.localhost",
            eventLoopGroup: MultiThreadedEventLoopGroup.singleton, clock: SystemClock())
        return MailSettings(transport: transport, from: mailFrom, publicURL: publicURL)
    }

    /// What the log says of where mail goes (never the relay's password).
    var mailDestination: String {
        guard let smtpURL else {
            let folder = URL(fileURLWithPath: mailDirectory).standardizedFileURL.path
            return "Mail goes to \(folder) as .eml files (no --smtp-url); its links start \(publicURL)"
        }
        let scheme = smtpURL.implicitTLS ? "smtps" : "smtp"
        return "Mail goes through \(scheme)://\(smtpURL.host):\(smtpURL.port); its links start \(publicURL)"
    }

    /// The staff key's file when none is named: beside an SQLite file; none for `:memory:` or PostgreSQL.
    static func defaultStaffKeyFile(beside database: KooberStorageConfiguration.Database) -> String? {
        guard case .sqlite(let path) = database, path != ":memory:" else { return nil }
        return path + ".staff-key"
    }

    init(command: KooberCommand, environment: Environment) throws {
        // Scheduled rides are booked and shown in Sydney's time (`SydneyTime`): a build whose Foundation lacks the
        // zone's data (a static link that left out its ICU data answers `nil` here) must refuse to start, not trap at
        // the first booking.
        guard SydneyTime.zone != nil else {
            throw ValidationError("This build of koober has no time zone data for Australia/Sydney")
        }
        hostname = command.hostname ?? environment.string("KOOBER_HOSTNAME") ?? "127.0.0.1"
        port = try command.port ?? environment.int("KOOBER_PORT") ?? 8080
        let poolSize =
            try command.databasePoolSize ?? environment.int("KOOBER_DATABASE_POOL_SIZE")
            ?? KooberStorageConfiguration.defaultDatabasePoolSize
        do {
            database = try KooberStorageConfiguration.Database(
                command.database ?? environment.string("KOOBER_DATABASE") ?? "koober.sqlite", poolSize: poolSize)
        } catch {
            throw ValidationError("The database is not usable: \(error)")
        }
        templates = command.templates ?? environment.string("KOOBER_TEMPLATES") ?? "Templates"
        publicDirectory = command.publicDirectory ?? environment.string("KOOBER_PUBLIC") ?? "Public"
        secureCookies = try command.secureCookies || (environment.bool("KOOBER_SECURE_COOKIES") ?? false)
        maxConnections =
            try command.maxConnections ?? environment.int("KOOBER_MAX_CONNECTIONS")
            ?? HTTPServerConfiguration().maxConnections
        hashQueueSize =
            try command.hashQueueSize ?? environment.int("KOOBER_HASH_QUEUE_SIZE")
            ?? Self.defaultHashQueueSize
        guard hashQueueSize > 0 else {
            throw ValidationError("The hash queue size must be at least 1, not \(hashQueueSize)")
        }
        trustProxy = try command.trustProxy || (environment.bool("KOOBER_TRUST_PROXY") ?? false)
        guard maxConnections > 0 else {
            throw ValidationError("The connection limit must be at least 1, not \(maxConnections)")
        }
        let format = command.logFormat ?? environment.string("KOOBER_LOG_FORMAT") ?? LogFormat.text.rawValue
        guard let logFormat = LogFormat(rawValue: format.lowercased()) else {
            throw ValidationError("The log format must be text or json, not '\(format)'")
        }
        self.logFormat = logFormat
        fleetSize = try command.fleetSize ?? environment.int("KOOBER_FLEET_SIZE") ?? Fleet.defaultSize
        guard (1...Fleet.maximumSize).contains(fleetSize) else {
            throw ValidationError("The fleet size must be 1 to \(Fleet.maximumSize), not \(fleetSize)")
        }
        let rate = command.rideClockRate ?? environment.string("KOOBER_RIDE_CLOCK_RATE") ?? "1"
        guard let rideClockRate = Double(rate), rideClockRate.isFinite, (0.01...3_600).contains(rideClockRate) else {
            throw ValidationError("The ride clock rate must be a number from 0.01 to 3600, not '\(rate)'")
        }
        self.rideClockRate = rideClockRate
        guard (0...65_535).contains(port) else { throw ValidationError("The port must be 0 to 65535, not \(port)") }
        metricsPort = try command.metricsPort ?? environment.int("KOOBER_METRICS_PORT")
        metricsHostname = command.metricsHostname ?? environment.string("KOOBER_METRICS_HOSTNAME") ?? "127.0.0.1"
        if let metricsPort, !(0...65_535).contains(metricsPort) {
            throw ValidationError("The metrics port must be 0 to 65535, not \(metricsPort)")
        }
        if let text = command.smtpURL ?? environment.string("KOOBER_SMTP_URL") {
            guard let smtpURL = SMTPURL(text) else {
                throw ValidationError("The SMTP URL must be smtp://[user:password@]host[:port] or smtps://…")
            }
            self.smtpURL = smtpURL
        } else {
            smtpURL = nil
        }
        let from = command.mailFrom ?? environment.string("KOOBER_MAIL_FROM") ?? MailSettings.defaultFrom
        guard let mailFrom = MailAddress(parsing: from) else {
            throw ValidationError("The mail sender must be an address, or a name and <address>, not '\(from)'")
        }
        self.mailFrom = mailFrom
        mailDirectory = command.mailDir ?? environment.string("KOOBER_MAIL_DIR") ?? "mail"
        keepViewData = command.keepViewData ?? environment.string("KOOBER_KEEP_VIEW_DATA")
        staffKeyFile =
            command.staffKeyFile ?? environment.string("KOOBER_STAFF_KEY_FILE")
            ?? Self.defaultStaffKeyFile(beside: database)
        let host = hostname.contains(":") ? "[\(hostname)]" : hostname
        let url = command.publicURL ?? environment.string("KOOBER_PUBLIC_URL") ?? "http://\(host):\(port)"
        guard let components = URLComponents(string: url), ["http", "https"].contains(components.scheme),
            components.host?.isEmpty == false, components.query == nil, components.fragment == nil
        else {
            throw ValidationError("The public URL must be an http:// or https:// address, not '\(url)'")
        }
        publicURL = url
    }
}
