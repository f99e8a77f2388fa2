import HTTPServer

/// How a `TestBrowser` reaches the app: the same suite can run both ways.
public enum BrowserConnection: String, Sendable, CaseIterable, CustomStringConvertible {
    /// Requests go straight to the responder: fast.
    case inProcess
    /// Requests go over TCP to a real `HTTPServer` on an ephemeral loopback port.
    case tcp

    public var description: String { rawValue }
}

/// Runs `body` with a fresh browser pointed at `responder` over `connection`; for `.tcp` a server runs around it.
public func withTestBrowser<Result: Sendable>(
    _ connection: BrowserConnection,
    responder: any Responder,
    _ body: (TestBrowser) async throws -> Result
) async throws -> Result {
    switch connection {
    case .inProcess:
        return try await body(TestBrowser(responder: responder))
    case .tcp:
        return try await TestServer.withRunning(responder) { port in
            try await body(TestBrowser(host: "127.0.0.1", port: port))
        }
    }
}
