import NIOCore

/// Closes connections whose client is too slow to send a request head or its body, or idle too long between
/// requests.
///
/// It sits in front of the HTTP decoder and sees raw bytes, so it can tell an idle keep-alive connection
/// (no byte since the last response) from a client that is trickling a request head. `HTTPRequestHandler`
/// tells it, with outbound user events, when a head has arrived, when the whole request has, and when a response
/// has been sent.
final class ConnectionTimeoutHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    enum Event: Sendable {
        case requestHeadReceived
        /// The request's body has ended (or the request was refused): the server, not the client, is slow now.
        case requestReceived
        case responseSent
    }

    private enum State {
        case awaitingHead
        case awaitingBody
        case handlingRequest
        case idle
    }

    private let headTimeout: TimeAmount
    private let bodyTimeout: TimeAmount
    private let idleTimeout: TimeAmount
    private var state = State.awaitingHead
    private var timer: Scheduled<Void>?

    init(headTimeout: TimeAmount, bodyTimeout: TimeAmount, idleTimeout: TimeAmount) {
        self.headTimeout = headTimeout
        self.bodyTimeout = bodyTimeout
        self.idleTimeout = idleTimeout
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { schedule(headTimeout, context: context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        schedule(headTimeout, context: context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .idle = state {
            state = .awaitingHead
            schedule(headTimeout, context: context)
        }
        context.fireChannelRead(data)
    }

    func triggerUserOutboundEvent(context: ChannelHandlerContext, event: Any, promise: EventLoopPromise<Void>?) {
        guard let event = event as? Event else {
            context.triggerUserOutboundEvent(event, promise: promise)
            return
        }
        switch event {
        case .requestHeadReceived:
            state = .awaitingBody
            schedule(bodyTimeout, context: context)
        case .requestReceived:
            state = .handlingRequest
            timer?.cancel()
            timer = nil
        case .responseSent:
            state = .idle
            schedule(idleTimeout, context: context)
        }
        promise?.succeed()
    }

    private func schedule(_ timeout: TimeAmount, context: ChannelHandlerContext) {
        timer?.cancel()
        let loopBoundContext = context.loopBound
        timer = context.eventLoop.assumeIsolated().scheduleTask(in: timeout) {
            loopBoundContext.value.close(promise: nil)
        }
    }
}
