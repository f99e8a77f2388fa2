import HTTPServer
import Logging

/// Runs a real `HTTPServer` on a free loopback port for the length of a test.
public enum TestServer {
    /// Starts `responder` behind an `HTTPServer` on 127.0.0.1 and an ephemeral port, runs `body` with the port,
    /// then stops the server (by cancelling its `run()`), whether `body` returned or threw.
    public static func withRunning<Result: Sendable>(
        _ responder: any Responder,
        configuration: HTTPServerConfiguration = HTTPServerConfiguration(host: "127.0.0.1", port: 0),
        logger: Logger = Logger(label: "koober.test-server", factory: { _ in SwiftLogNoOpLogHandler() }),
        _ body: (Int) async throws -> Result
    ) async throws -> Result {
        let server = HTTPServer(configuration: configuration, responder: responder, logger: logger)
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await server.run() }
            defer { group.cancelAll() }
            guard let port = try await server.localAddress.port else { throw TestServerError.noPort }
            return try await body(port)
        }
    }
}

/// The server bound to an address without a port (which a TCP listener never does).
public enum TestServerError: Error {
    case noPort
}
