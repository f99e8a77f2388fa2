import HTTPServer
import NIOCore
import NIOHTTP1
import NIOPosix
import TestKit

/// A small HTTP/1.1 client on SwiftNIO: one connection per request (`Connection: close`), with a deadline
/// covering connecting, sending and receiving.
public struct TCPTransport: HTTPTransport {
    public let host: String
    public let port: Int
    public let timeout: TimeAmount
    private let group: any EventLoopGroup

    public init(
        host: String,
        port: Int,
        timeout: TimeAmount = .seconds(BusyMachine.patience.components.seconds),
        group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
    ) {
        self.host = host
        self.port = port
        self.timeout = timeout
        self.group = group
    }

    public func send(_ request: Request) async throws -> Response {
        let deadline = NIODeadline.now() + timeout
        let channel: NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>
        do {
            channel = try await connect(timeout: timeout, sending: head(for: request), body: request.body)
        } catch ChannelError.connectTimeout {
            throw TCPTransportError.timedOut(host: host, port: port)  // one deadline for the whole exchange
        }
        // Closing the channel at the deadline ends the inbound stream, which the loop below reports.
        let timer = channel.channel.eventLoop.scheduleTask(deadline: deadline) { [channel] in
            channel.channel.close(promise: nil)
        }
        defer { timer.cancel() }
        let response: Response?
        do {
            // The request went out as the connection came up (`RequestWriter`); a server may answer before the body
            // is all sent (413) and close, and then the answer counts, not the failed write.
            response = try await channel.executeThenClose { inbound, _ in try await Self.readResponse(from: inbound) }
        } catch {
            if NIODeadline.now() >= deadline { throw TCPTransportError.timedOut(host: host, port: port) }
            throw error
        }
        guard let response else {
            throw NIODeadline.now() >= deadline
                ? TCPTransportError.timedOut(host: host, port: port)
                : TCPTransportError.connectionClosedEarly(host: host, port: port)
        }
        return response
    }

    private func head(for request: Request) -> HTTPRequestHead {
        var headers = request.headers
        if !headers.contains(name: "Host") { headers.add(name: "Host", value: "\(host):\(port)") }
        if request.body.readableBytes > 0 || request.method == .POST || request.method == .PUT {
            headers.replaceOrAdd(name: "Content-Length", value: String(request.body.readableBytes))
        }
        headers.replaceOrAdd(name: "Connection", value: "close")
        return HTTPRequestHead(version: .http1_1, method: request.method, uri: request.uri, headers: headers)
    }

    /// The response, or `nil` when the stream ends before `.end` (closed by the server or by the deadline).
    private func connect(timeout: TimeAmount, sending head: HTTPRequestHead, body: ByteBuffer) async throws
        -> NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>
    {
        try await ClientBootstrap(group: group)
            .connectTimeout(timeout)
            .channelOption(.tcpOption(.tcp_nodelay), value: 1)
            .connect(host: host, port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    try channel.pipeline.syncOperations.addHandler(RequestWriter(head: head, body: body))
                    return try NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>(
                        wrappingChannelSynchronously: channel
                    )
                }
            }
    }

    private static func readResponse(
        from inbound: NIOAsyncChannelInboundStream<HTTPClientResponsePart>
    ) async throws -> Response? {
        var head: HTTPResponseHead?
        var body = ByteBuffer()
        for try await part in inbound {
            switch part {
            case .head(let received):
                head = received
            case .body(var chunk):
                body.writeBuffer(&chunk)
            case .end:
                // An informational (1xx) head is followed by the real one.
                guard let head, head.status.code >= 200 else { continue }
                return Response(status: head.status, headers: head.headers, body: body)
            }
        }
        return nil
    }
}

/// Writes the request the moment the connection is up, on its event loop: in a test process whose task pool is busy
/// (hundreds of tests at once on two cores), a request written by a task once it got a thread sat unsent for ten
/// seconds, and the server closed the silent connection at its head timeout.
private final class RequestWriter: ChannelInboundHandler {
    typealias InboundIn = HTTPClientResponsePart
    typealias InboundOut = HTTPClientResponsePart
    typealias OutboundOut = HTTPClientRequestPart

    private let head: HTTPRequestHead
    private let body: ByteBuffer

    init(head: HTTPRequestHead, body: ByteBuffer) {
        self.head = head
        self.body = body
    }

    func channelActive(context: ChannelHandlerContext) {
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        if body.readableBytes > 0 { context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil) }
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        context.fireChannelActive()
    }
}
