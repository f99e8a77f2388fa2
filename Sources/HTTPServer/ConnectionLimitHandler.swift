import Logging
import NIOCore

/// Sits on the listening channel and closes every accepted connection beyond `maxConnections` at once.
///
/// Without it, a client holding thousands of idle sockets could take every file descriptor the process may open,
/// and the database (which opens files too) would fail with it. A refused connection is closed before the
/// HTTP pipeline is set up, so it costs the server an accept and a close. The request-head timeout frees the
/// places that idle sockets hold.
final class ConnectionLimitHandler: ChannelInboundHandler {
    typealias InboundIn = any Channel
    typealias InboundOut = any Channel

    private let maxConnections: Int
    private let logger: Logger
    private let metrics: HTTPMetrics?
    /// Touched only on the listening channel's event loop.
    private var openConnections = 0
    private var lastWarning: NIODeadline?

    init(maxConnections: Int, logger: Logger, metrics: HTTPMetrics?) {
        self.maxConnections = maxConnections
        self.logger = logger
        self.metrics = metrics
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let connection = unwrapInboundIn(data)
        guard openConnections < maxConnections else {
            connection.close(promise: nil)
            warnAtMostEverySecond(now: context.eventLoop.now)
            return
        }
        openConnections += 1
        metrics?.openConnections.record(openConnections)
        let loopBound = NIOLoopBound(self, eventLoop: context.eventLoop)
        let eventLoop = context.eventLoop
        connection.closeFuture.whenComplete { _ in
            eventLoop.execute {
                let handler = loopBound.value
                handler.openConnections -= 1
                handler.metrics?.openConnections.record(handler.openConnections)
            }
        }
        context.fireChannelRead(data)
    }

    private func warnAtMostEverySecond(now: NIODeadline) {
        if let last = lastWarning, now - last < .seconds(1) { return }
        lastWarning = now
        logger.warning("Refused connections beyond the limit of \(maxConnections) open at once")
    }
}
