import HTTPServer
import Logging
import NIOCore
import NIOEmbedded
import Synchronization

/// One connection through the server's real pipeline (`HTTPServer.configureConnection`: the deadlines, llhttp, the
/// limits, pipelining, the responder) on a test channel whose event loop runs on virtual time. A test of a deadline
/// moves the loop's clock (`advance`) instead of waiting for it, so no busy machine can make it fail or pass: the
/// timers read the loop's clock (`eventLoop.now`), and the responders' tasks run on the loop when the test lets it.
final class VirtualConnection {
    let channel = NIOAsyncTestingChannel()
    /// Everything the server has written so far.
    private(set) var received = ""

    init(_ configuration: HTTPServerConfiguration, responder: any Responder) async throws {
        let channel = channel
        try await channel.testingEventLoop.executeInContext {
            let silent = Logger.silent
            try HTTPServer.configureConnection(
                channel.pipeline.syncOperations, configuration: configuration, responder: responder,
                bodyBudget: BodyBudget(limit: configuration.maxBufferedBodyBytes),
                refusals: RefusalLog(logger: silent), metrics: nil, logger: silent)
        }
        try await channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 8080))
        await settle()
    }

    /// The client sends `text`.
    func send(_ text: String) async throws {
        try await channel.writeInbound(ByteBuffer(string: text))
        await settle()
    }

    /// Moves the loop's clock on by `amount`, running every timer that falls due on the way.
    func advance(by amount: TimeAmount) async {
        await channel.testingEventLoop.advanceTime(by: amount)
        await settle()
    }

    /// Runs whatever is queued on the loop (a responder's task that was let go) and collects what the server wrote.
    func settle() async {
        await channel.testingEventLoop.run()
        while let part = try? await channel.readOutbound(as: IOData.self) {
            if case .byteBuffer(let buffer) = part { received += String(buffer: buffer) }
        }
    }

    var isClosed: Bool { !channel.isActive }

    /// Says whether the connection can take more output, as a real socket's buffers do once a client stops reading
    /// (`false`) and once it reads again (`true`), and tells the pipeline.
    func setWritable(_ writable: Bool) async throws {
        let channel = channel
        channel.isWritable = writable
        try await channel.testingEventLoop.executeInContext { channel.pipeline.fireChannelWritabilityChanged() }
        await settle()
    }

    /// The bodies of the responses received so far, in order (each response carries `Content-Length`).
    var bodies: [String] {
        received.components(separatedBy: "HTTP/1.1 ").dropFirst().map { response in
            response.components(separatedBy: "\r\n\r\n").dropFirst().joined(separator: "\r\n\r\n")
        }
    }

    /// Ends the test's channel, whatever state the connection is in.
    func finish() async {
        _ = try? await channel.finish(acceptAlreadyClosed: true)
    }
}

/// A responder's wait that the test ends: answers held until `open()`.
final class ResponderGate: Sendable {
    private let state = Mutex((open: false, waiting: [CheckedContinuation<Void, Never>]()))

    func wait() async {
        await withCheckedContinuation { continuation in
            let open = state.withLock { state in
                if !state.open { state.waiting.append(continuation) }
                return state.open
            }
            if open { continuation.resume() }
        }
    }

    /// Whether `open()` was called: a test on real sockets waits for it with `eventually`, where a responder uses the
    /// gate as a signal (`open()` when it has the request).
    var isOpen: Bool { state.withLock { $0.open } }

    func open() {
        let waiting = state.withLock { state in
            state.open = true
            defer { state.waiting = [] }
            return state.waiting
        }
        for continuation in waiting { continuation.resume() }
    }
}
