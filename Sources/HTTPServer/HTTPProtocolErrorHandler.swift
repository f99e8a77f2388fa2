import NIOCore
import NIOHTTP1

/// Answers requests the HTTP decoder rejects: `431` when the head is too large, `400` for anything else
/// malformed. `HTTPRequestHandler` closes the connection right after.
final class HTTPProtocolErrorHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private let errorResponse: @Sendable (HTTPResponseStatus) -> Response
    private var hasUnterminatedResponse = false
    /// Set by a response that closes the connection: nothing may follow it, not even an error page for what
    /// the client sent after its request (llhttp rejects any byte after a `Connection: close` request).
    private var isClosing = false

    init(errorResponse: @escaping @Sendable (HTTPResponseStatus) -> Response) {
        self.errorResponse = errorResponse
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        guard let parserError = error as? HTTPParserError else {
            context.fireErrorCaught(error)
            return
        }
        if !hasUnterminatedResponse && !isClosing {
            let status: HTTPResponseStatus = parserError == .headerOverflow ? .requestHeaderFieldsTooLarge : .badRequest
            var response = errorResponse(status)
            response.headers.replaceOrAdd(name: "Connection", value: "close")
            response.headers.replaceOrAdd(name: "Content-Length", value: String(response.body.readableBytes))
            response.headers.replaceOrAdd(name: "Date", value: HTTPDate.now())
            let head = HTTPResponseHead(version: .http1_1, status: status, headers: response.headers)
            context.write(wrapOutboundOut(.head(head)), promise: nil)
            context.write(wrapOutboundOut(.body(.byteBuffer(response.body))), promise: nil)
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        }
        context.fireErrorCaught(error)
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
}
