import Logging
import NIOCore
import NIOExtras
import NIOHTTP1
import NIOPosix
import ServiceLifecycle

/// Koober's HTTP/1.1 server: keep-alive, pipelining, limits and timeouts, graceful stop.
///
/// It runs as a `Service`: `run()` serves until the task is cancelled or a graceful shutdown is asked for,
/// then stops accepting, lets requests in flight finish, and returns.
public final class HTTPServer: Service, Sendable {
    public let configuration: HTTPServerConfiguration
    private let responder: any Responder
    private let group: any EventLoopGroup
    private let logger: Logger
    private let bound: EventLoopPromise<SocketAddress>
    private let bodyBudget: BodyBudget

    /// The request-body bytes held in memory now, across all connections (`BodyBudget`): for tests that must know
    /// the server has taken a body before they go on.
    package var heldBodyBytes: Int { bodyBudget.heldBytes }
    private let refusals: RefusalLog
    private let metrics: HTTPMetrics?
    private let openStreams = OpenStreams()
    private let census = HandlerCensus()

    /// The connections' request handlers alive now (`HandlerCensus`): for tests that prove a closed connection
    /// leaves nothing behind.
    package var liveRequestHandlers: Int { census.count }

    /// Streaming responses open now (`ResponseBodyStream`).
    public var openStreamCount: Int { openStreams.count }

    public init(
        configuration: HTTPServerConfiguration,
        responder: any Responder,
        group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton,
        logger: Logger = Logger(label: "koober.http"),
        metrics: HTTPMetrics? = nil
    ) {
        self.configuration = configuration
        self.responder = responder
        self.group = group
        self.logger = logger
        self.bound = group.next().makePromise()
        self.bodyBudget = BodyBudget(limit: configuration.maxBufferedBodyBytes)
        self.refusals = RefusalLog(logger: logger, metrics: metrics)
        self.metrics = metrics
    }

    deinit {
        // A server that never ran must still complete the promise: NIO traps on leaked promises in debug builds.
        bound.fail(CancellationError())
    }

    /// The address the server listens on, once it does (useful with port 0).
    public var localAddress: SocketAddress {
        get async throws { try await bound.futureResult.get() }
    }

    public func run() async throws {
        let quiesce = ServerQuiescingHelper(group: group)
        let serverChannel: any Channel
        do {
            serverChannel = try await makeBootstrap(quiesce: quiesce).bind(
                host: configuration.host, port: configuration.port
            ).get()
        } catch {
            bound.fail(error)
            throw error
        }
        let address = serverChannel.localAddress!
        bound.succeed(address)
        logger.info(
            "\(configuration.name) is serving on http://\(configuration.host):\(address.port ?? configuration.port)")

        let stopped = group.next().makePromise(of: Void.self)
        let stop: @Sendable () -> Void = { [logger, configuration, openStreams] in
            logger.info("Stopping: no new connections; finishing the requests in flight, ending the streams")
            quiesce.initiateShutdown(promise: stopped)
            openStreams.endAll()
            // Requests that outlive the grace period no longer hold `run()`: it returns, and the process exiting
            // ends their connections.
            stopped.futureResult.eventLoop.scheduleTask(in: configuration.shutdownTimeout) {
                stopped.succeed()
            }
        }
        await withGracefulShutdownHandler {
            await withTaskCancellationHandler {
                await stopped.futureResult.whenSettled()
            } onCancel: {
                stop()
            }
        } onGracefulShutdown: {
            stop()
        }
        logger.info("Stopped")
    }

    private func makeBootstrap(quiesce: ServerQuiescingHelper) -> ServerBootstrap {
        let configuration = self.configuration
        let responder = self.responder
        let logger = self.logger
        let bodyBudget = self.bodyBudget
        let refusals = self.refusals
        let metrics = self.metrics
        let openStreams = self.openStreams
        let census = self.census
        return ServerBootstrap(group: group)
            // A burst of connections (a flood of idle sockets, say) must not fill the kernel's accept queue: a full
            // queue drops new handshakes, an honest client's too, which then waits a second or more to retry.
            // The kernel caps this at net.core.somaxconn (4096 by default).
            .serverChannelOption(.backlog, value: 4096)
            .serverChannelOption(.maxMessagesPerRead, value: 16)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .serverChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let pipeline = channel.pipeline.syncOperations
                    try pipeline.addHandler(quiesce.makeServerChannelHandler(channel: channel))
                    try pipeline.addHandler(
                        ConnectionLimitHandler(
                            maxConnections: configuration.maxConnections, logger: logger, metrics: metrics
                        )
                    )
                }
            }
            // TCP level: at the socket level the same number is SO_DEBUG, which needs CAP_NET_ADMIN, so every
            // accepted connection was closed when koober ran unprivileged (as in its container image).
            .childChannelOption(.tcpOption(.tcp_nodelay), value: 1)
            .childChannelOption(.allowRemoteHalfClosure, value: false)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try Self.configureConnection(
                        channel.pipeline.syncOperations, configuration: configuration, responder: responder,
                        bodyBudget: bodyBudget, refusals: refusals, metrics: metrics, openStreams: openStreams,
                        census: census, logger: logger
                    )
                }
            }
    }

    /// The handlers of one connection, from raw bytes to the responder (the fuzzer drives them without a socket).
    /// `bodyBudget`, `refusals` and `metrics` are the server's, shared by all its connections.
    package static func configureConnection(
        _ pipeline: ChannelPipeline.SynchronousOperations,
        configuration: HTTPServerConfiguration,
        responder: any Responder,
        bodyBudget: BodyBudget,
        refusals: RefusalLog,
        metrics: HTTPMetrics?,
        openStreams: OpenStreams = OpenStreams(),
        census: HandlerCensus = HandlerCensus(),
        logger: Logger
    ) throws {
        let timeouts = ConnectionTimeoutHandler(configuration: configuration, refusals: refusals)
        // NIO's `configureHTTPServerPipeline` without the protocol upgrader, error handler and buffer limit it has
        // no setting for: the decoder keeps every byte of a request head until the head is complete, including
        // whitespace before header values that llhttp does not count toward `maxHeaderFieldSize`. The buffer limit
        // counts them (`HeadOverflowHandler`: 431), so one connection cannot make the decoder hold more than `maxHeaderBytes`.
        let encoder = HTTPResponseEncoder(configuration: .init())
        let decoder = HTTPRequestDecoder(
            leftOverBytesStrategy: .dropBytes, informationalResponseStrategy: .drop,
            limitConfiguration: configuration.decoderLimits
        )
        try pipeline.addHandlers([
            timeouts,
            encoder,
            ByteToMessageHandler(decoder, maximumBufferSize: configuration.maxHeaderBytes),
            HeadOverflowHandler(),
            HTTPServerPipelineHandler(),
            NIOHTTPResponseHeadersValidator(),
            HTTPProtocolErrorHandler(
                errorResponse: configuration.errorResponse, timeouts: timeouts, refusals: refusals),
            HTTPRequestHandler(
                responder: responder, configuration: configuration, timeouts: timeouts, bodyBudget: bodyBudget,
                refusals: refusals, metrics: metrics, openStreams: openStreams, census: census, logger: logger
            ),
        ])
    }
}

extension EventLoopFuture {
    /// Waits until the future completes, whichever way.
    fileprivate func whenSettled() async {
        await withCheckedContinuation { continuation in
            whenComplete { _ in continuation.resume() }
        }
    }
}
