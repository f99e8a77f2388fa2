import NIOCore

/// Closes connections whose client is too slow to send a request head or its body, or idle too long between
/// requests.
///
/// It sits in front of the HTTP decoder and sees raw bytes, so it can tell an idle keep-alive connection
/// (no byte since the last response) from a client that is trickling a request head. The connection's
/// `HTTPRequestHandler` calls it, on the connection's event loop, when a head has arrived, when the whole request
/// has, and when a response has been sent. (Calls, not pipeline events: three events per request each walked the
/// whole pipeline.)
///
/// Each event only moves a deadline. One timer per connection follows it lazily: when it fires before the deadline
/// (which has moved on since it was set), it sets itself for the deadline, so a busy keep-alive connection costs
/// a timer every few seconds, not two per request.
final class ConnectionTimeoutHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

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
    /// When the connection closes unless something happens first; `nil` while the server handles a request.
    private var deadline: NIODeadline?
    private var timer: (scheduled: Scheduled<Void>, firesAt: NIODeadline)?
    private var context: ChannelHandlerContext?

    init(headTimeout: TimeAmount, bodyTimeout: TimeAmount, idleTimeout: TimeAmount) {
        self.headTimeout = headTimeout
        self.bodyTimeout = bodyTimeout
        self.idleTimeout = idleTimeout
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        closeUnlessDone(within: headTimeout)  // if the channel is active already
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        stop()
        self.context = nil
    }

    func channelActive(context: ChannelHandlerContext) {
        closeUnlessDone(within: headTimeout)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        stop()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .idle = state {
            state = .awaitingHead
            closeUnlessDone(within: headTimeout)
        }
        context.fireChannelRead(data)
    }

    /// A request head has arrived: its body must follow within the body timeout.
    func requestHeadReceived() {
        state = .awaitingBody
        closeUnlessDone(within: bodyTimeout)
    }

    /// The request's body has ended (or the request was refused): the server, not the client, is slow now.
    func requestReceived() {
        state = .handlingRequest
        deadline = nil
    }

    /// The response is written: the next request's first byte must come within the idle timeout.
    func responseSent() {
        state = .idle
        closeUnlessDone(within: idleTimeout)
    }

    private func stop() {
        timer?.scheduled.cancel()
        timer = nil
        deadline = nil
    }

    private func closeUnlessDone(within timeout: TimeAmount) {
        guard let context, context.channel.isActive else { return }
        let deadline = NIODeadline.now() + timeout
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
        if deadline <= .now() {
            context.close(promise: nil)
        } else {
            setTimer(for: deadline, context: context)
        }
    }
}
