import NIOCore

/// How a `ResponseBodyStream` writes its body: only on `eventLoop`.
///
/// A stream must not pile up output for a client that does not read: while `isWritable` is false it should hold
/// back (drop what is stale, keep what matters); the connection closes if the client does not read within the
/// server's `clientReadTimeout`.
public struct ResponseBodyWriter: Sendable {
    public let eventLoop: any EventLoop
    let connection: NIOLoopBound<StreamingConnection>

    /// Whether the connection takes more output now.
    public var isWritable: Bool {
        connection.value.isWritable
    }

    /// Writes `bytes` and sends them at once. Does nothing once the stream has ended.
    public func write(_ bytes: ByteBuffer) {
        connection.value.write(bytes)
    }

    /// Ends the body; the connection closes once it has gone (and `closed()` follows).
    public func end() {
        connection.value.end()
    }
}

/// The connection side of a streaming response, owned by its `HTTPRequestHandler`.
final class StreamingConnection {
    private weak var handler: HTTPRequestHandler?
    private let context: ChannelHandlerContext

    init(handler: HTTPRequestHandler, context: ChannelHandlerContext) {
        self.handler = handler
        self.context = context
    }

    var isWritable: Bool {
        handler?.isStreaming == true && context.channel.isWritable
    }

    func write(_ bytes: ByteBuffer) {
        handler?.writeStreamed(bytes, context: context)
    }

    func end() {
        handler?.endStream(context: context)
    }
}
