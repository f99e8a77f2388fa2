import ArgumentParser
import HTTPServer

/// The settings Koober runs with: each flag, else its environment variable, else the default of SPEC.md.
struct KooberSettings: Equatable {
    var hostname: String
    var port: Int
    var database: String
    var templates: String
    var publicDirectory: String
    var secureCookies: Bool
    var maxConnections: Int
    /// The port of the Prometheus metrics listener; `nil` (the default) serves no metrics.
    var metricsPort: Int?
    var metricsHostname: String
    var logFormat: LogFormat

    init(command: KooberCommand, environment: Environment) throws {
        hostname = command.hostname ?? environment.string("KOOBER_HOSTNAME") ?? "127.0.0.1"
        port = try command.port ?? environment.int("KOOBER_PORT") ?? 8080
        database = command.database ?? environment.string("KOOBER_DATABASE") ?? "koober.sqlite"
        templates = command.templates ?? environment.string("KOOBER_TEMPLATES") ?? "Templates"
        publicDirectory = command.publicDirectory ?? environment.string("KOOBER_PUBLIC") ?? "Public"
        secureCookies = try command.secureCookies || (environment.bool("KOOBER_SECURE_COOKIES") ?? false)
        maxConnections =
            try command.maxConnections ?? environment.int("KOOBER_MAX_CONNECTIONS")
            ?? HTTPServerConfiguration().maxConnections
        guard maxConnections > 0 else {
            throw ValidationError("The connection limit must be at least 1, not \(maxConnections)")
        }
        let format = command.logFormat ?? environment.string("KOOBER_LOG_FORMAT") ?? LogFormat.text.rawValue
        guard let logFormat = LogFormat(rawValue: format.lowercased()) else {
            throw ValidationError("The log format must be text or json, not '\(format)'")
        }
        self.logFormat = logFormat
        guard (0...65_535).contains(port) else { throw ValidationError("The port must be 0 to 65535, not \(port)") }
        metricsPort = try command.metricsPort ?? environment.int("KOOBER_METRICS_PORT")
        metricsHostname = command.metricsHostname ?? environment.string("KOOBER_METRICS_HOSTNAME") ?? "127.0.0.1"
        if let metricsPort, !(0...65_535).contains(metricsPort) {
            throw ValidationError("The metrics port must be 0 to 65535, not \(metricsPort)")
        }
    }
}
