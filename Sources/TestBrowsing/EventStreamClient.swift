import Foundation
import NIOCore
import NIOPosix
import Synchronization
import TestKit

/// A client of a Server-Sent Events stream for tests: it sends one `GET` over a real socket and keeps every byte the
/// server sends, so a test can wait until the stream says something, and see when it ends.
public final class EventStreamClient: Sendable {
    /// One `event: ride` as received.
    public struct Event: Equatable, Sendable {
        public let id: String?
        public let data: String
    }

    private let channel: any Channel
    private let collector: Collector

    private init(channel: any Channel, collector: Collector) {
        self.channel = channel
        self.collector = collector
    }

    /// Opens `path` on `port` with `headers` (`Cookie`, `Last-Event-ID`).
    public static func open(
        port: Int, path: String = "/ride/events", headers: [(String, String)] = [],
        group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
    ) async throws -> EventStreamClient {
        let head =
            "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n"
            + headers.map { "\($0.0): \($0.1)\r\n" }.joined() + "\r\n"
        // Sent as the connection comes up, on its event loop, not by this task once it gets a thread again: a busy
        // test process must not leave the connection silent until the server's head timeout.
        let collector = Collector(request: ByteBuffer(string: head))
        let channel = try await ClientBootstrap(group: group)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(collector) }
            }
            .connect(host: "127.0.0.1", port: port).get()
        return EventStreamClient(channel: channel, collector: collector)
    }

    /// Everything received so far (head and body, as sent).
    public var received: String { collector.state.withLock { $0.text } }
    public var isClosed: Bool { collector.state.withLock { $0.closed } }

    /// The status code of the response, once its head has come.
    public var status: Int? {
        let text = received
        guard text.hasPrefix("HTTP/1.1 "), text.count >= 12 else { return nil }
        return Int(text.dropFirst(9).prefix(3))
    }

    /// The `ride` events received so far, in order.
    public var events: [Event] {
        var events: [Event] = []
        var id: String?
        // By scalars: in a String, "\r\n" (which ends each chunk's size line) is one Character, not two.
        for scalars in received.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = Substring(scalars.last == "\r" ? scalars.dropLast() : scalars)
            if line.hasPrefix("id: ") { id = String(line.dropFirst(4)) }
            if line.hasPrefix("data: ") {
                events.append(Event(id: id, data: String(line.dropFirst(6))))
                id = nil
            }
        }
        return events
    }

    /// Waits until `condition` holds for this client, or `timeout` passes; returns whether it held.
    @discardableResult
    public func wait(
        timeout: Duration = BusyMachine.patience, until condition: (EventStreamClient) -> Bool
    ) async throws -> Bool {
        try await eventually(within: timeout) { condition(self) }
    }

    public func close() async {
        try? await channel.close()
    }

    private final class Collector: ChannelInboundHandler, Sendable {
        typealias InboundIn = ByteBuffer
        typealias OutboundOut = ByteBuffer
        let state = Mutex<(text: String, closed: Bool)>(("", false))
        let request: ByteBuffer

        init(request: ByteBuffer) {
            self.request = request
        }

        func channelActive(context: ChannelHandlerContext) {
            context.writeAndFlush(wrapOutboundOut(request), promise: nil)
            context.fireChannelActive()
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            let buffer = unwrapInboundIn(data)
            state.withLock { $0.text += String(buffer: buffer) }
        }

        func channelInactive(context: ChannelHandlerContext) {
            state.withLock { $0.closed = true }
            context.fireChannelInactive()
        }
    }
}
