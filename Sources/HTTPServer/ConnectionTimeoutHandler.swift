import NIOCore
import NIOHTTP1

/// Gives every state of a connection a deadline, and closes connections gently: the first handler of the pipeline,
/// it sees raw bytes before the HTTP decoder.
///
/// | state | who is slow | deadline | at it |
/// |---|---|---|---|
/// | awaiting a head | the client, sending it | `requestHeadTimeout` | `408` if some of it came, else close |
/// | awaiting a body | the client, sending it | `requestBodyTimeout` | `408` |
/// | handling | the server | none | |
/// | awaiting the client's reading | the client, not reading what it asked for | `clientReadTimeout` | close |
/// | idle | nobody: keep-alive | `idleTimeout` | close |
/// | closing, lingering | the client, reading the last answer | `clientReadTimeout`, then `lingerTimeout` | close |
///
/// It can tell an idle keep-alive connection (no byte since the last response) from a client trickling a request
/// head. The connection's `HTTPRequestHandler` and `HTTPProtocolErrorHandler` call it, on the connection's event
/// loop (calls, not pipeline events: three events per request each walked the whole pipeline).
///
/// Each event only moves a deadline. One timer per connection follows it lazily: when it fires before the deadline
/// (which has moved on since it was set), it sets itself for the deadline, so a busy keep-alive connection costs
/// a timer every few seconds, not two per request.
///
/// A connection that closes after its last answer (a refusal, `Connection: close`) closes lingering: nothing it
/// sends after that answer is read as a request; once the answer is written the server half-closes (FIN) and drops
/// what still arrives, up to `lingerMaxBytes` and `lingerTimeout`, then closes. Closing at once would make the
/// kernel reset a connection with unread bytes, and the reset can overtake the answer on its way to a client that
/// writes everything before it reads.
final class ConnectionTimeoutHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private enum State {
        case awaitingHead(bytesSeen: Bool)
        case awaitingBody
        case handlingRequest
        case awaitingClientRead
        case idle
        /// The last answer is on its way; what the client sends is dropped.
        case closing(droppedBytes: Int)
        /// The last answer is written and the output shut: dropping what arrives until the client closes.
        case lingering(droppedBytes: Int)
    }

    private let configuration: HTTPServerConfiguration
    private let refusals: RefusalLog
    private var state = State.awaitingHead(bytesSeen: false)
    /// When the connection closes unless something happens first; `nil` while the server handles a request.
    private var deadline: NIODeadline?
    private var timer: (scheduled: Scheduled<Void>, firesAt: NIODeadline)?
    private var context: ChannelHandlerContext?

    init(configuration: HTTPServerConfiguration, refusals: RefusalLog) {
        self.configuration = configuration
        self.refusals = refusals
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        closeUnlessDone(within: configuration.requestHeadTimeout)  // if the channel is active already
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        stop()
        self.context = nil
    }

    func channelActive(context: ChannelHandlerContext) {
        closeUnlessDone(within: configuration.requestHeadTimeout)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        stop()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch state {
        case .closing(let dropped), .lingering(let dropped):
            drop(unwrapInboundIn(data).readableBytes, droppedBefore: dropped, context: context)
            return
        case .idle:
            state = .awaitingHead(bytesSeen: true)
            closeUnlessDone(within: configuration.requestHeadTimeout)
        case .awaitingHead:
            state = .awaitingHead(bytesSeen: true)
        case .awaitingBody, .handlingRequest, .awaitingClientRead:
            break
        }
        context.fireChannelRead(data)
    }

    /// A request head has arrived: its body must follow within the body timeout.
    func requestHeadReceived() {
        guard isOpenForRequests else { return }
        state = .awaitingBody
        closeUnlessDone(within: configuration.requestBodyTimeout)
    }

    /// The request's body has ended: the server, not the client, is slow now.
    func requestReceived() {
        guard isOpenForRequests else { return }
        state = .handlingRequest
        deadline = nil
    }

    /// A response is ready but the client has not read the earlier ones: it must read within the client read timeout.
    func awaitingClientRead() {
        guard isOpenForRequests else { return }
        state = .awaitingClientRead
        closeUnlessDone(within: configuration.clientReadTimeout)
    }

    /// The response is written: the next request's first byte must come within the idle timeout.
    func responseSent() {
        guard isOpenForRequests else { return }
        state = .idle
        closeUnlessDone(within: configuration.idleTimeout)
    }

    /// The connection's last answer has been written, and `ended` completes when it has gone to the socket: from
    /// now on nothing more is read as a request, and the connection closes lingering.
    func close(after ended: EventLoopFuture<Void>) {
        guard let context, isOpenForRequests else { return }
        state = .closing(droppedBytes: 0)
        closeUnlessDone(within: configuration.clientReadTimeout)
        let loopBound = NIOLoopBound(self, eventLoop: context.eventLoop)
        ended.whenComplete { result in
            let handler = loopBound.value
            guard case .success = result, let context = handler.context, case .closing(let dropped) = handler.state
            else {
                handler.context?.close(promise: nil)
                return
            }
            handler.state = .lingering(droppedBytes: dropped)
            context.close(mode: .output, promise: nil)
            handler.closeUnlessDone(within: handler.configuration.lingerTimeout)
        }
    }

    /// Whether the connection still reads requests (it is not closing).
    private var isOpenForRequests: Bool {
        switch state {
        case .closing, .lingering: false
        default: true
        }
    }

    private func drop(_ bytes: Int, droppedBefore: Int, context: ChannelHandlerContext) {
        let dropped = droppedBefore + bytes
        if dropped > configuration.lingerMaxBytes {
            context.close(promise: nil)
        } else if case .closing = state {
            state = .closing(droppedBytes: dropped)
        } else {
            state = .lingering(droppedBytes: dropped)
        }
    }

    private func stop() {
        timer?.scheduled.cancel()
        timer = nil
        deadline = nil
    }

    private func closeUnlessDone(within timeout: TimeAmount) {
        guard let context, context.channel.isActive else { return }
        // The loop's own clock: a test's loop runs on virtual time (`NIOAsyncTestingEventLoop.advanceTime`).
        let deadline = context.eventLoop.now + timeout
        self.deadline = deadline
        // A timer set for later than the new deadline would be late: only then is it set again at once.
        if let timer, timer.firesAt <= deadline { return }
        setTimer(for: deadline, context: context)
    }

    private func setTimer(for firesAt: NIODeadline, context: ChannelHandlerContext) {
        timer?.scheduled.cancel()
        let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        let scheduled = context.eventLoop.assumeIsolated().scheduleTask(deadline: firesAt) {
            let (handler, context) = loopBound.value
            handler.timerFired(context: context)
        }
        timer = (scheduled, firesAt)
    }

    private func timerFired(context: ChannelHandlerContext) {
        timer = nil
        guard let deadline else { return }  // handling a request: the next event sets a deadline again
        if deadline > context.eventLoop.now {
            setTimer(for: deadline, context: context)
            return
        }
        switch state {
        case .awaitingHead(bytesSeen: true), .awaitingBody:
            answerTimedOut(context: context)
        default:
            context.close(promise: nil)
        }
    }

    /// A client that started a request and did not finish it in time is told so (`408`) before the connection
    /// closes. No response is under way in these states, so the answer is written here as bytes, past the HTTP
    /// handlers, which still wait for the rest of the request.
    private func answerTimedOut(context: ChannelHandlerContext) {
        let response = configuration.errorResponse(.requestTimeout)
        refusals.refused(
            "refused 408", status: .requestTimeout, reason: "request_timeout", peer: context.channel.remoteAddress)
        let ended = context.writeAndFlush(NIOAny(response.closingBytes(allocator: context.channel.allocator)))
        close(after: ended)
    }
}
