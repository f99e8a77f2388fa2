import Foundation
import PostgresNIO

/// Where Koober's PostgreSQL database is and how to reach it, from `--database`:
/// `postgres://user:password@host:5432/koober` (or `postgresql://`), with `?sslmode=require` for TLS and a pool of at
/// most `poolSize` connections per process. User and password may be percent-encoded.
public struct PostgresURL: Sendable, Equatable, CustomStringConvertible {
    public enum TLSMode: String, Sendable {
        /// Plain TCP: a database on loopback or a private network (the default).
        case disable
        /// TLS, with the server's certificate verified against the system's roots.
        case require
    }

    public var host: String
    public var port: Int
    public var username: String
    public var password: String?
    public var database: String
    public var tls: TLSMode
    /// The most connections this process opens at once.
    public var poolSize: Int

    public static let defaultPoolSize = 10

    /// Whether `text` is meant as a PostgreSQL URL rather than a SQLite file (it starts with the scheme).
    public static func isPostgres(_ text: String) -> Bool {
        text.hasPrefix("postgres://") || text.hasPrefix("postgresql://")
    }

    public struct InvalidURL: Error, CustomStringConvertible {
        public let description: String
    }

    public init(_ text: String, poolSize: Int = PostgresURL.defaultPoolSize) throws(InvalidURL) {
        guard Self.isPostgres(text), let components = URLComponents(string: text), let host = components.host,
            !host.isEmpty
        else {
            throw InvalidURL(description: "a PostgreSQL URL looks like postgres://user:password@host:5432/koober")
        }
        guard let user = components.user, !user.isEmpty else {
            throw InvalidURL(description: "the PostgreSQL URL names no user (postgres://user@host/koober)")
        }
        let port = components.port ?? 5432
        guard (1...65_535).contains(port) else { throw InvalidURL(description: "the PostgreSQL port is out of range") }
        guard (2...1_000).contains(poolSize) else {
            throw InvalidURL(
                description:
                    "the database pool size must be between 2 and 1000 (one connection listens for other processes' changes)"
            )
        }
        var tls = TLSMode.disable
        for item in components.queryItems ?? [] {
            switch (item.name, item.value) {
            case ("sslmode", let value?):
                guard let mode = TLSMode(rawValue: value) else {
                    throw InvalidURL(description: "sslmode is disable or require")
                }
                tls = mode
            default:
                throw InvalidURL(description: "the PostgreSQL URL takes only sslmode, not \(item.name)")
            }
        }
        let database = String(components.path.drop { $0 == "/" })
        self.host = host
        self.port = port
        self.username = user
        self.password = components.password
        self.database = database.isEmpty ? user : database
        self.tls = tls
        self.poolSize = poolSize
    }

    /// The URL without its password, for logs.
    public var description: String {
        "postgres://\(username)@\(host):\(port)/\(database)" + (tls == .require ? "?sslmode=require" : "")
    }

    var clientConfiguration: PostgresClient.Configuration {
        var configuration = PostgresClient.Configuration(
            host: host, port: port, username: username, password: password, database: database,
            tls: tls == .require ? .require(.makeClientConfiguration()) : .disable
        )
        configuration.options.maximumConnections = poolSize
        configuration.options.minimumConnections = 0
        configuration.options.connectTimeout = .seconds(5)
        return configuration
    }
}
