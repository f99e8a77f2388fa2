import NIOCore
import NIOHTTP1

/// Where the server listens and the limits it enforces on every connection.
public struct HTTPServerConfiguration: Sendable {
    /// What the server is called in its log lines (`Koober is serving on http://…`).
    public var name = "Koober"
    public var host: String
    /// `0` asks the system for a free port (tests read the bound port from `HTTPServer.localAddress`).
    public var port: Int
    /// Largest request body accepted; more is answered `413` and the connection closed.
    public var maxBodyBytes: Int
    /// Largest request head (request line and headers); more is answered `431` and the connection closed.
    public var maxHeaderBytes: Int
    /// Time a client has to send a complete request head once it starts (or once it connects).
    public var requestHeadTimeout: TimeAmount
    /// Time a client has to send the whole body once its request head has arrived.
    public var requestBodyTimeout: TimeAmount
    /// Time a keep-alive connection may sit idle between requests before the server closes it.
    public var idleTimeout: TimeAmount
    /// Time a client has to take what it asked for: while a response waits because the client does not read the
    /// earlier ones, and while a closing answer drains. A client that stops reading is closed at it.
    public var clientReadTimeout: TimeAmount = .seconds(20)
    /// After a closing answer (a refusal, `Connection: close`), how long the server keeps reading (and dropping) what
    /// the client still sends, so that the client gets to read the answer before the connection closes.
    public var lingerTimeout: TimeAmount = .seconds(2)
    /// The most bytes read and dropped while lingering; past them the connection closes at once.
    public var lingerMaxBytes: Int = 1 << 20
    /// The most request-body bytes held in memory across all connections at once; a body that would go beyond
    /// them is answered `503` with `Retry-After` (each body is also limited to `maxBodyBytes`).
    public var maxBufferedBodyBytes: Int = 64 << 20
    /// Most connections open at once; a connection beyond it is closed as soon as it is accepted, so that a flood
    /// of idle sockets cannot take every file descriptor the process has (the database needs some too).
    public var maxConnections: Int
    /// Longest a graceful stop waits for requests in flight before `run()` returns anyway.
    public var shutdownTimeout: TimeAmount
    /// How the server answers the requests it refuses before the app sees them (400, 408, 413, 431, 501, 503).
    public var errorResponse: @Sendable (HTTPResponseStatus) -> Response
    /// A request's path as the access log and the refusal log write it (the query string is always left out): a path
    /// that carries a secret, such as a share link's token, is redacted here, so that no log holds it.
    public var loggedPath: @Sendable (String) -> String = { $0 }

    public init(
        host: String = "127.0.0.1",
        port: Int = 8080,
        maxBodyBytes: Int = 1 << 20,
        maxHeaderBytes: Int = 16 << 10,
        requestHeadTimeout: TimeAmount = .seconds(10),
        requestBodyTimeout: TimeAmount = .seconds(30),
        idleTimeout: TimeAmount = .seconds(60),
        maxConnections: Int = 16_000,
        shutdownTimeout: TimeAmount = .seconds(9),
        errorResponse: @escaping @Sendable (HTTPResponseStatus) -> Response = {
            .text("\($0.reasonPhrase)\n", status: $0)
        }
    ) {
        self.host = host
        self.port = port
        self.maxBodyBytes = maxBodyBytes
        self.maxHeaderBytes = maxHeaderBytes
        self.requestHeadTimeout = requestHeadTimeout
        self.requestBodyTimeout = requestBodyTimeout
        self.idleTimeout = idleTimeout
        self.maxConnections = maxConnections
        self.shutdownTimeout = shutdownTimeout
        self.errorResponse = errorResponse
    }
}

extension HTTPServerConfiguration {
    var decoderLimits: NIOHTTPDecoderLimitConfiguration {
        var limits = NIOHTTPDecoderLimitConfiguration()
        limits.maxHeaderFieldSize = maxHeaderBytes
        limits.maxHeaderListSize = maxHeaderBytes
        return limits
    }
}
