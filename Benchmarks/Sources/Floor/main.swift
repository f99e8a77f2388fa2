import NIOCore
import NIOHTTP1
import NIOPosix

/// The floor: the least a SwiftNIO HTTP/1.1 server can do per request — a fixed plaintext answer, headers built once,
/// keep-alive, no routing. `Floor <port>`.
final class PlaintextHandler: ChannelInboundHandler, Sendable {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    static let body = ByteBuffer(string: "Hello, World!")
    static let headers: HTTPHeaders = [
        "Content-Type": "text/plain; charset=utf-8", "Content-Length": "\(body.readableBytes)",
    ]

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .head(let head) = unwrapInboundIn(data) else { return }
        let responseHead = HTTPResponseHead(version: head.version, status: .ok, headers: Self.headers)
        context.write(wrapOutboundOut(.head(responseHead)), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(Self.body))), promise: nil)
        context.write(wrapOutboundOut(.end(nil)), promise: nil)
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        context.flush()
    }
}

let port = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 8081
let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
    .serverChannelOption(.backlog, value: 4096)
    .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
    .childChannelOption(.tcpOption(.tcp_nodelay), value: 1)
    .childChannelInitializer { channel in
        channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: true)
            try channel.pipeline.syncOperations.addHandler(PlaintextHandler())
        }
    }
    .bind(host: "127.0.0.1", port: port)
    .get()
print("Floor listening on \(channel.localAddress!)")
try await channel.closeFuture.get()
