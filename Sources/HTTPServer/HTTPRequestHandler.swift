import EventLoopExecution
import Logging
import NIOCore
import NIOHTTP1

/// Collects one request at a time (the pipelining handler in front of it holds back the next), enforces the
/// body limit, asks the responder, writes the response and logs it.
///
/// The responder runs in a task that prefers the connection's event loop (`EventLoopTaskExecutor`): it starts at
/// once on the loop, comes back to it after every wait for a database or hash, and writes its response there, so a
/// request costs no thread hop of its own.
///
/// A client that sends requests but does not read the answers would otherwise make the server queue response
/// after response in memory: a request that arrives while the connection cannot take more output waits until it
/// can, and meanwhile the pipelining handler reads nothing more from that client.
final class HTTPRequestHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private enum State {
        case idle
        case receiving(HTTPRequestHead, ByteBuffer)
        /// Received whole, waiting for the client to read earlier responses before this one is made.
        case waitingForWritability(HTTPRequestHead, ByteBuffer)
        /// The last response closes the connection (a refused request, `Connection: close`): whatever the
        /// client sends after it, the rest of a refused body or pipelined requests, is dropped unanswered.
        case discarding
        case responding
        /// Writing a streaming response's body (`ResponseBodyStream`); the connection closes when it ends.
        case streaming(Streaming)
    }

    private let responder: any Responder
    private let configuration: HTTPServerConfiguration
    private let logger: Logger
    /// The same connection's timeouts, told when a request arrives and when its response has gone.
    private let timeouts: ConnectionTimeoutHandler
    private let bodyBudget: BodyBudget
    private let refusals: RefusalLog
    private let metrics: HTTPMetrics?
    private let openStreams: OpenStreams
    private let census: HandlerCensus
    private var state = State.idle
    /// The bytes of the current request's body reserved in `bodyBudget`, given back once its response is written.
    private var reservedBodyBytes = 0
    private var executor: EventLoopTaskExecutor?
    /// The client's IP address, read from the socket by the connection's first request.
    private var cachedPeerAddress: String??
    /// Kept for a streaming response's end, which can come from the stream or the connection.
    private var context: ChannelHandlerContext?
    /// The body bytes a streaming response has written, for its log line.
    private var streamedBytes = 0

    init(
        responder: any Responder, configuration: HTTPServerConfiguration, timeouts: ConnectionTimeoutHandler,
        bodyBudget: BodyBudget, refusals: RefusalLog, metrics: HTTPMetrics?, openStreams: OpenStreams,
        census: HandlerCensus, logger: Logger
    ) {
        self.openStreams = openStreams
        self.census = census
        self.responder = responder
        self.configuration = configuration
        self.timeouts = timeouts
        self.bodyBudget = bodyBudget
        self.refusals = refusals
        self.metrics = metrics
        self.logger = logger
        census.born()
    }

    deinit {
        census.died()
    }

    func handlerAdded(context: ChannelHandlerContext) {
        executor = EventLoopTaskExecutor(eventLoop: context.eventLoop)
        self.context = context
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        releaseBody()
        streamClosed()
        // The context holds this handler: keeping it would keep both, and the pipeline, alive for ever.
        self.context = nil
    }

    func channelInactive(context: ChannelHandlerContext) {
        releaseBody()
        streamClosed()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            guard case .idle = state else { return }
            timeouts.requestHeadReceived()
            if let refusal = refusal(of: head) {
                refuse(head, status: refusal.status, reason: refusal.reason, context: context)
            } else {
                // The buffer grows with the bytes that arrive, never by what the client says it will send.
                state = .receiving(head, ByteBuffer())
            }
        case .body(var chunk):
            guard case .receiving(let head, var body) = state else { return }
            state = .idle  // lets `body` be mutated in place
            if body.readableBytes + chunk.readableBytes > configuration.maxBodyBytes {
                refuse(head, status: .payloadTooLarge, reason: "body_too_large", context: context)
            } else if !bodyBudget.reserve(chunk.readableBytes) {
                refuse(head, status: .serviceUnavailable, reason: "body_budget_spent", context: context)
            } else {
                reservedBodyBytes += chunk.readableBytes
                body.writeBuffer(&chunk)
                state = .receiving(head, body)
            }
        case .end:
            guard case .receiving(let head, let body) = state else { return }
            timeouts.requestReceived()
            if context.channel.isWritable {
                state = .responding
                respond(to: head, body: body, context: context)
            } else {
                state = .waitingForWritability(head, body)
                timeouts.awaitingClientRead()
            }
        }
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if case .streaming(let streaming) = state {
            // A client that stops reading a stream has the client read timeout to start again.
            if context.channel.isWritable { timeouts.requestReceived() } else { timeouts.awaitingClientRead() }
            streaming.stream.writabilityChanged(writer: streaming.writer)
        } else if case .waitingForWritability(let head, let body) = state, context.channel.isWritable {
            state = .responding
            timeouts.requestReceived()
            respond(to: head, body: body, context: context)
        }
        context.fireChannelWritabilityChanged()
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        // A closing connection closes once its last response is written; closing now could drop that response.
        if case .discarding = state { return }
        context.close(promise: nil)
    }

    /// Why a request is refused from its head alone, if it is.
    private func refusal(of head: HTTPRequestHead) -> (status: HTTPResponseStatus, reason: String)? {
        // A tunnel or another protocol: after such a head the decoder stops reading requests, and whatever the
        // client sends next would pile up unread.
        if head.method == .CONNECT { return (.notImplemented, "connect") }
        if head.headers.contains(name: "upgrade") { return (.notImplemented, "upgrade") }
        let declaredLength = head.headers.first(name: "content-length").flatMap(Int.init) ?? 0
        if declaredLength > configuration.maxBodyBytes { return (.payloadTooLarge, "body_too_large") }
        if declaredLength > 0, !bodyBudget.wouldFit(declaredLength) {
            return (.serviceUnavailable, "body_budget_spent")
        }
        return nil
    }

    private func respond(to head: HTTPRequestHead, body: ByteBuffer, context: ChannelHandlerContext) {
        let request = Request(
            method: head.method, uri: head.uri, headers: head.headers, body: body,
            peerAddress: peerAddress(context)
        )
        let exchange = Exchange(
            head: head, path: configuration.loggedPath(request.path), requestID: request.id,
            keepAlive: head.isKeepAlive
        )
        let responder = self.responder
        let eventLoop = context.eventLoop
        let loopBound = NIOLoopBound((self, context), eventLoop: eventLoop)
        Task.immediate(executorPreference: executor) {
            let response = await responder.respond(to: request)
            let write: @Sendable () -> Void = {
                let (handler, context) = loopBound.value
                handler.write(response, for: exchange, context: context)
            }
            // The task prefers the loop, so it is back on it by now; the check keeps a write off any other thread.
            if eventLoop.inEventLoop { write() } else { eventLoop.execute(write) }
        }
    }

    private func peerAddress(_ context: ChannelHandlerContext) -> String? {
        if let cachedPeerAddress { return cachedPeerAddress }
        let address = context.channel.remoteAddress?.ipAddress
        cachedPeerAddress = .some(address)
        return address
    }

    private func refuse(
        _ head: HTTPRequestHead, status: HTTPResponseStatus, reason: String, context: ChannelHandlerContext
    ) {
        timeouts.requestReceived()
        let exchange = Exchange(
            head: head, path: configuration.loggedPath(Request.split(target: head.uri).path),
            requestID: RequestID.make(), keepAlive: false, refusal: reason
        )
        var response = configuration.errorResponse(status)
        if status == .serviceUnavailable { response.headers.replaceOrAdd(name: "Retry-After", value: "5") }
        write(response, for: exchange, context: context)
    }

    private func write(_ response: Response, for exchange: Exchange, context: ChannelHandlerContext) {
        if let stream = response.bodyStream {
            startStream(stream, response: response, for: exchange, context: context)
            return
        }
        state = exchange.keepAlive ? .idle : .discarding
        releaseBody()
        var headers = response.headers
        let mayHaveBody = response.status.mayHaveResponseBody
        if mayHaveBody { headers.replaceOrAdd(name: "Content-Length", value: String(response.body.readableBytes)) }
        headers.replaceOrAdd(name: "Date", value: HTTPDate.now())
        if !exchange.keepAlive {
            headers.replaceOrAdd(name: "Connection", value: "close")
        } else if exchange.head.version.minor == 0 {
            headers.replaceOrAdd(name: "Connection", value: "keep-alive")
        }
        let sendsBody = mayHaveBody && exchange.head.method != .HEAD && response.body.readableBytes > 0
        context.write(
            wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: response.status, headers: headers))),
            promise: nil)
        if sendsBody { context.write(wrapOutboundOut(.body(.byteBuffer(response.body))), promise: nil) }
        if exchange.keepAlive {
            // Before the `.end`: writing it makes the pipelining handler pass on the next request at once, and that
            // request's head must stop the idle timer started here, not be followed by it.
            timeouts.responseSent()
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        } else {
            timeouts.close(after: context.writeAndFlush(wrapOutboundOut(.end(nil))))
        }
        log(response, bytes: sendsBody ? response.body.readableBytes : 0, for: exchange, context: context)
    }

    private func log(_ response: Response, bytes: Int, for exchange: Exchange, context: ChannelHandlerContext) {
        let duration = NIODeadline.now() - exchange.start
        metrics?.recordRequest(
            route: exchange.refusal == nil ? response.route : "refused", status: response.status.code,
            duration: duration
        )
        let line = "\(exchange.head.method.rawValue) \(exchange.path) \(response.status.code)"
        let metadata: Logger.Metadata = [
            "bytes": .string(String(bytes)),
            "duration_ms": .string(Self.milliseconds(duration)),
            "request_id": .string(exchange.requestID),
        ]
        if let refusal = exchange.refusal {
            refusals.refused(
                line, status: response.status, reason: refusal, peer: context.channel.remoteAddress, metadata: metadata
            )
        } else {
            logger.info("\(line)", metadata: metadata)
        }
    }

    /// Writes a streaming response's head (no length: chunked for HTTP/1.1, ended by the close for HTTP/1.0) and
    /// hands the stream its writer; a `HEAD` request, or a client already gone, gets no stream.
    private func startStream(
        _ stream: any ResponseBodyStream, response: Response, for exchange: Exchange, context: ChannelHandlerContext
    ) {
        releaseBody()
        guard context.channel.isActive else {
            state = .discarding
            stream.closed()
            return
        }
        var headers = response.headers
        headers.remove(name: "Content-Length")
        headers.replaceOrAdd(name: "Date", value: HTTPDate.now())
        headers.replaceOrAdd(name: "Connection", value: "close")
        let head = HTTPResponseHead(version: exchange.head.version, status: response.status, headers: headers)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        guard exchange.head.method != .HEAD else {
            state = .discarding
            timeouts.close(after: context.writeAndFlush(wrapOutboundOut(.end(nil))))
            stream.closed()
            log(response, bytes: 0, for: exchange, context: context)
            return
        }
        context.flush()
        let writer = ResponseBodyWriter(
            eventLoop: context.eventLoop,
            connection: NIOLoopBound(StreamingConnection(handler: self, context: context), eventLoop: context.eventLoop)
        )
        var logged = response
        logged.body = ByteBuffer()
        state = .streaming(Streaming(stream: stream, writer: writer, exchange: exchange, response: logged))
        openStreams.opened(writer, id: ObjectIdentifier(self))
        stream.start(writer: writer)
    }

    var isStreaming: Bool {
        if case .streaming = state { return true }
        return false
    }

    func writeStreamed(_ bytes: ByteBuffer, context: ChannelHandlerContext) {
        guard case .streaming = state else { return }
        streamedBytes += bytes.readableBytes
        context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(bytes))), promise: nil)
    }

    /// Ends a streaming response: the end goes out, the connection closes lingering, the stream hears `closed()`.
    func endStream(context: ChannelHandlerContext) {
        guard case .streaming = state else { return }
        timeouts.close(after: context.writeAndFlush(wrapOutboundOut(.end(nil))))
        streamClosed()
    }

    /// The stream's end, however it came: it hears `closed()` once, and the server forgets it.
    private func streamClosed() {
        guard case .streaming(let streaming) = state, let context else { return }
        state = .discarding
        openStreams.closed(id: ObjectIdentifier(self))
        streaming.stream.closed()
        log(streaming.response, bytes: streamedBytes, for: streaming.exchange, context: context)
    }

    private func releaseBody() {
        // Most requests have no body: they never touch the budget, an atomic shared by every event loop.
        guard reservedBodyBytes > 0 else { return }
        bodyBudget.release(reservedBodyBytes)
        reservedBodyBytes = 0
    }

    /// `duration` in milliseconds with two decimals (`0.61`), by integer arithmetic, which is cheaper than formatting
    /// a `Double` (docs/performance.md).
    static func milliseconds(_ duration: TimeAmount) -> String {
        let hundredths = (max(duration.nanoseconds, 0) + 5_000) / 10_000
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}

/// What the handler remembers about a request while its response is being made.
/// A streaming response under way.
private struct Streaming {
    let stream: any ResponseBodyStream
    let writer: ResponseBodyWriter
    let exchange: Exchange
    /// The response without its body, for the log line written when the stream ends.
    let response: Response
}

private struct Exchange: Sendable {
    let head: HTTPRequestHead
    /// The target's path as logged (`HTTPServerConfiguration.loggedPath`), without the query string (which the
    /// access log leaves out).
    let path: String
    let requestID: String
    let keepAlive: Bool
    /// Why the request was refused before the app saw it (413, 501, 503), if it was.
    var refusal: String? = nil
    let start = NIODeadline.now()
}

extension HTTPResponseStatus {
    fileprivate var mayHaveResponseBody: Bool {
        code >= 200 && code != 204 && code != 304
    }
}
