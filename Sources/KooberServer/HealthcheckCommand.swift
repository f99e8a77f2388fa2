import ArgumentParser
import NIOCore

/// `koober healthcheck`: asks a running koober for `GET /healthz` and exits 0 if it answers 200 `ok`, 1 otherwise,
/// printing one line either way. Container health checks run it, so the image needs no curl or wget.
struct Healthcheck: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Checks that a running koober answers GET /healthz with 200 ok: exits 0 if so, 1 if not."
    )

    @Option(
        help: """
            The health endpoint. (default: http://127.0.0.1:$KOOBER_PORT/healthz, with KOOBER_PORT defaulting to 8080 \
            and a KOOBER_HOSTNAME other than 0.0.0.0 or :: used instead of 127.0.0.1)
            """
    )
    var url: String?

    @Option(help: "Seconds to wait for the whole answer, connecting included.")
    var timeout: Double = 3

    func validate() throws {
        guard timeout > 0, timeout <= 3600 else {
            throw ValidationError("The timeout must be more than 0 and at most 3600 seconds")
        }
    }

    func run() async throws {
        let result: HealthcheckResult
        do {
            let target = try HealthcheckTarget(url ?? Self.defaultURL(environment: Environment()))
            result = await HealthcheckClient.check(target, timeout: .milliseconds(Int64(timeout * 1000)))
        } catch {
            result = .unhealthy("\(error)")
        }
        if result.isHealthy {
            print(result.message)
        } else {
            printToStandardError(result.message)
            throw ExitCode(result.exitCode)
        }
    }

    /// Where a koober started with the same environment listens: `KOOBER_PORT` (else 8080) on the loopback
    /// interface, or on `KOOBER_HOSTNAME` when that names one address rather than all of them.
    static func defaultURL(environment: Environment) throws -> String {
        let port = try environment.int("KOOBER_PORT") ?? 8080
        let host: String
        switch environment.string("KOOBER_HOSTNAME") {
        case nil, "0.0.0.0": host = "127.0.0.1"
        case "::", "[::]": host = "[::1]"
        case let name? where name.contains(":") && !name.hasPrefix("["): host = "[\(name)]"
        case let name?: host = name
        }
        return "http://\(host):\(port)/healthz"
    }
}

/// What `koober healthcheck` found: healthy or not, in one line.
struct HealthcheckResult: Equatable, Sendable {
    var isHealthy: Bool
    var message: String

    var exitCode: Int32 { isHealthy ? 0 : 1 }

    static func healthy(_ message: String) -> HealthcheckResult {
        HealthcheckResult(isHealthy: true, message: "healthy: \(message)")
    }

    static func unhealthy(_ message: String) -> HealthcheckResult {
        HealthcheckResult(isHealthy: false, message: "unhealthy: \(message)")
    }
}

/// A plain-HTTP URL taken apart: `http://host[:port][/path]`; an IPv6 host goes in brackets.
struct HealthcheckTarget: Equatable, Sendable, CustomStringConvertible {
    var host: String
    var port: Int
    var path: String

    init(host: String, port: Int, path: String) {
        self.host = host
        self.port = port
        self.path = path
    }

    init(_ url: String) throws {
        guard url.lowercased().hasPrefix("http://") else {
            throw HealthcheckURLError(url: url, problem: "only http:// URLs are supported")
        }
        let rest = url.dropFirst("http://".count)
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let pathAndQuery = rest.dropFirst(authority.count).prefix { $0 != "#" }
        path = pathAndQuery.isEmpty ? "/" : (pathAndQuery.hasPrefix("/") ? String(pathAndQuery) : "/" + pathAndQuery)
        let portText: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else {
                throw HealthcheckURLError(url: url, problem: "an IPv6 address needs its closing ]")
            }
            host = String(authority[authority.index(after: authority.startIndex)..<close])
            let afterHost = authority[authority.index(after: close)...]
            guard afterHost.isEmpty || afterHost.hasPrefix(":") else {
                throw HealthcheckURLError(url: url, problem: "unexpected text after the IPv6 address")
            }
            portText = afterHost.isEmpty ? nil : afterHost.dropFirst()
        } else if let colon = authority.lastIndex(of: ":") {
            host = String(authority[..<colon])
            portText = authority[authority.index(after: colon)...]
        } else {
            host = String(authority)
            portText = nil
        }
        guard !host.isEmpty, !host.contains("@") else {
            throw HealthcheckURLError(url: url, problem: "it names no host")
        }
        if let portText {
            guard let port = Int(portText), (1...65_535).contains(port) else {
                throw HealthcheckURLError(url: url, problem: "the port must be 1 to 65535")
            }
            self.port = port
        } else {
            port = 80
        }
    }

    /// The `Host` header's value.
    var hostHeader: String {
        let name = host.contains(":") ? "[\(host)]" : host
        return port == 80 ? name : "\(name):\(port)"
    }

    var description: String { "http://\(hostHeader)\(path)" }
}

struct HealthcheckURLError: Error, CustomStringConvertible {
    var url: String
    var problem: String

    var description: String { "cannot check \(url): \(problem)" }
}
