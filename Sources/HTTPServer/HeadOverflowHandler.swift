import NIOCore
import NIOHTTP1

/// Reports the decoder's buffer limit (`ByteToMessageDecoderError.PayloadTooLargeError`: a request head, whitespace
/// included, larger than `maxHeaderBytes`) as the header overflow it is.
///
/// It sits right after the decoder: NIO's pipelining handler lets an answer be written out of turn only for an
/// `HTTPParserError`, and holds one back until the response under way has ended, as it does for other parser errors.
final class HeadOverflowHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        if error is ByteToMessageDecoderError.PayloadTooLargeError {
            context.fireErrorCaught(HTTPParserError.headerOverflow)
        } else {
            context.fireErrorCaught(error)
        }
    }
}
