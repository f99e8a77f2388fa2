import HTTPServer
import Logging
import NIOCore
import NIOHTTP1
import TestKit

/// The server these tests test: a running `HTTPServer` on a free port of `127.0.0.1`, and the raw client connections a
/// test opened to it (closed when it stops). The other test targets host their responders on TestBrowsing's
/// `TestServer`, which needs no more than a port.
final class ServerUnderTest: Sendable {
    let port: Int
    private let server: HTTPServer
    private let connections = Locked<[RawConnection]>([])

    init(port: Int, server: HTTPServer) {
        self.port = port
        self.server = server
    }

    /// The request-body bytes the server holds now (`HTTPServer.heldBodyBytes`).
    var heldBodyBytes: Int { server.heldBodyBytes }

    /// The connections' request handlers alive now (`HTTPServer.liveRequestHandlers`).
    var liveRequestHandlers: Int { server.liveRequestHandlers }

    /// Streaming responses open now (`HTTPServer.openStreamCount`).
    var openStreamCount: Int { server.openStreamCount }

    /// A new connection; it is closed when the test's server stops.
    func connect() async throws -> RawConnection {
        let connection = try await RawConnection.connect(port: port)
        connections.withLock { $0.append(connection) }
        return connection
    }

    /// Connects and runs `body` with the blocking socket at once, on the connection's own thread: timing tests
    /// measure there, out of reach of a busy cooperative pool. The connection is closed when the server stops.
    func steps<T: Sendable>(_ body: @escaping @Sendable (BlockingSocket) throws -> T) async throws -> T {
        let (connection, result) = try await RawConnection.connect(port: port, then: body)
        connections.withLock { $0.append(connection) }
        return result
    }

    /// Sends `request` on a new connection and reads its response.
    func response(to request: String, toHEAD: Bool = false) async throws -> RawResponse {
        let connection = try await connect()
        try await connection.send(request)
        return try await connection.readResponse(toHEAD: toHEAD)
    }

    fileprivate func closeConnections() async {
        for connection in connections.value { await connection.close() }
    }
}

extension HTTPServerConfiguration {
    /// A configuration for tests: a free port and, unless a test says otherwise, the production limits, but for the
    /// head timeout. A test's connection is silent between its connect and its request, or while the test waits for
    /// something else (the connection limit's held connections), and on a machine busy with the whole suite that
    /// once outlasted the production 10 s: koober rightly closed the connection and the test failed. The timeouts
    /// themselves are tested with their own, shorter values (`ConnectionTimeoutTests`).
    static func testing(
        maxBodyBytes: Int = 1 << 20,
        maxHeaderBytes: Int = 16 << 10,
        requestHeadTimeout: TimeAmount = .seconds(60),
        requestBodyTimeout: TimeAmount = .seconds(30),
        idleTimeout: TimeAmount = .seconds(60),
        maxConnections: Int = 16_000,
        errorResponse: (@Sendable (HTTPResponseStatus) -> Response)? = nil
    ) -> HTTPServerConfiguration {
        var configuration = HTTPServerConfiguration(
            host: "127.0.0.1",
            port: 0,
            maxBodyBytes: maxBodyBytes,
            maxHeaderBytes: maxHeaderBytes,
            requestHeadTimeout: requestHeadTimeout,
            requestBodyTimeout: requestBodyTimeout,
            idleTimeout: idleTimeout,
            maxConnections: maxConnections
        )
        if let errorResponse { configuration.errorResponse = errorResponse }
        return configuration
    }
}

extension Logger {
    /// A logger that drops everything, to keep test output readable.
    static let silent = Logger(label: "test.silent") { _ in SwiftLogNoOpLogHandler() }
}

/// Runs a server with `responder` while `body` runs, then closes the test's connections and stops the
/// server (as a cancelled service does), waiting for `run()` to return.
func withServer<Value>(
    _ configuration: HTTPServerConfiguration = .testing(),
    logger: Logger = .silent,
    responder: any Responder,
    _ body: (ServerUnderTest) async throws -> Value
) async throws -> Value {
    let server = HTTPServer(configuration: configuration, responder: responder, logger: logger)
    return try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask { try await server.run() }
        let testServer = ServerUnderTest(port: try await server.localAddress.port!, server: server)
        let result: Value
        do {
            result = try await body(testServer)
        } catch {
            await testServer.closeConnections()
            throw error
        }
        await testServer.closeConnections()
        group.cancelAll()
        try await group.waitForAll()
        return result
    }
}

/// A responder that answers every request with its method and path, e.g. `GET /a`.
let echoResponder = ClosureResponder { request in
    .text("\(request.method) \(request.path)")
}
