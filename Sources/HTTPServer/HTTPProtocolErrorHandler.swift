import NIOCore
import NIOHTTP1

/// Answers requests the HTTP decoder rejects: `431` when the head is too large (by llhttp's header limits, or by the
/// bytes the decoder holds for one head, whitespace included: `HeadOverflowHandler`), `400` for anything else
/// malformed. The answer closes the
/// connection lingering (`ConnectionTimeoutHandler.close(after:)`), and is logged through `RefusalLog`.
final class HTTPProtocolErrorHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private let errorResponse: @Sendable (HTTPResponseStatus) -> Response
    private let timeouts: ConnectionTimeoutHandler
    private let refusals: RefusalLog
    private var hasUnterminatedResponse = false
    /// Set by a response that closes the connection: nothing may follow it, not even an error page for what
    /// the client sent after its request (llhttp rejects any byte after a `Connection: close` request).
    private var isClosing = false

    init(
        errorResponse: @escaping @Sendable (HTTPResponseStatus) -> Response, timeouts: ConnectionTimeoutHandler,
        refusals: RefusalLog
    ) {
        self.errorResponse = errorResponse
        self.timeouts = timeouts
        self.refusals = refusals
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        guard let (status, reason) = Self.refusal(for: error) else {
            context.fireErrorCaught(error)
            return
        }
        if isClosing || hasUnterminatedResponse || !context.channel.isActive {
            return  // the connection is closing already; the decoder complains of what it was cut off from
        }
        isClosing = true
        refusals.refused("refused \(status.code)", status: status, reason: reason, peer: context.channel.remoteAddress)
        let response = errorResponse(status)
        let head = HTTPResponseHead(version: .http1_1, status: status, headers: response.closingHeaders)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(response.body))), promise: nil)
        timeouts.close(after: context.writeAndFlush(wrapOutboundOut(.end(nil))))
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(let head) where head.status.code >= 200:
            hasUnterminatedResponse = true
            isClosing = isClosing || !head.isKeepAlive
        case .end: hasUnterminatedResponse = false
        default: break
        }
        context.write(data, promise: promise)
    }

    /// The answer to a decoder's error, and the reason logged; `nil` for errors that are not the client's bytes.
    private static func refusal(for error: Error) -> (HTTPResponseStatus, String)? {
        switch error {
        case HTTPParserError.headerOverflow: (.requestHeaderFieldsTooLarge, "header_too_large")
        case let parserError as HTTPParserError: (.badRequest, "malformed:\(parserError)")
        default: nil
        }
    }
}
