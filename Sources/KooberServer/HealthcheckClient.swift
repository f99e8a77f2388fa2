import NIOCore
import NIOHTTP1
import NIOPosix

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The HTTP client of `koober healthcheck`: one `GET` on a fresh connection (`Connection: close`), on NIO, with one
/// deadline for connecting, sending and reading the whole answer.
enum HealthcheckClient {
    /// The most of the body that is kept; `/healthz` answers two bytes.
    static let bodyLimit = 1024

    static func check(
        _ target: HealthcheckTarget,
        timeout: TimeAmount,
        group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
    ) async -> HealthcheckResult {
        let eventLoop = group.next()
        let answer = eventLoop.makePromise(of: HealthcheckAnswer.self)
        let deadline = eventLoop.scheduleTask(in: timeout) {
            answer.fail(HealthcheckFailure.timedOut(timeout))
        }
        let head = HTTPRequestHead(
            version: .http1_1,
            method: .GET,
            uri: target.path,
            headers: [
                "Host": target.hostHeader, "User-Agent": "koober-healthcheck", "Accept": "text/plain",
                "Connection": "close",
            ]
        )
        ClientBootstrap(group: eventLoop)
            .connectTimeout(timeout)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    try channel.pipeline.syncOperations.addHandler(HealthcheckAnswerHandler(answer: answer))
                }
            }
            .connect(host: target.host, port: target.port)
            .whenComplete { connected in
                switch connected {
                case .success(let channel):
                    // Whatever ends the check (answer, error, deadline) closes the connection.
                    answer.futureResult.whenComplete { _ in channel.close(promise: nil) }
                    channel.write(HTTPClientRequestPart.head(head), promise: nil)
                    channel.writeAndFlush(HTTPClientRequestPart.end(nil)).whenFailure { answer.fail($0) }
                case .failure(let error):
                    answer.fail(HealthcheckFailure.cannotConnect(error))
                }
            }
        defer { deadline.cancel() }
        do {
            let response = try await answer.futureResult.get()
            let summary = "\(target) answered \(response.status.code) \(response.bodySummary)"
            return response.status == .ok && response.body.trimmingASCIIWhitespace == "ok"
                ? .healthy(summary) : .unhealthy(summary)
        } catch let failure as HealthcheckFailure {
            return .unhealthy("\(target): \(failure)")
        } catch {
            return .unhealthy("\(target): \(error)")
        }
    }
}

/// A response as the health check sees it: the status and the start of the body.
struct HealthcheckAnswer: Sendable {
    var status: HTTPResponseStatus
    var body: String

    /// The body in quotes on one line, shortened, for the message.
    var bodySummary: String {
        let oneLine = body.trimmingASCIIWhitespace.map { $0.isNewline ? " " : $0 }
        let text = String(oneLine.prefix(80))
        return "\"\(text)\(oneLine.count > 80 ? "…" : "")\""
    }
}

enum HealthcheckFailure: Error, CustomStringConvertible {
    case timedOut(TimeAmount)
    case cannotConnect(any Error)
    case closedBeforeAnswering

    var description: String {
        switch self {
        case .timedOut(let timeout):
            "no complete answer within \(Double(timeout.nanoseconds) / 1_000_000_000) s"
        case .cannotConnect(let error):
            "cannot connect (\(Self.reason(error)))"
        case .closedBeforeAnswering:
            "the connection closed before a complete answer"
        }
    }

    /// The operating system's words for why a connection failed, rather than NIO's nested error values.
    private static func reason(_ error: any Error) -> String {
        switch error {
        case let error as NIOConnectionError:
            if let first = error.connectionErrors.first { return reason(first.error) }
            return "cannot resolve \(error.host)"
        case let error as IOError:
            return String(cString: strerror(error.errnoCode))
        case ChannelError.connectTimeout:
            return "timed out"
        default:
            return "\(error)"
        }
    }
}

/// Collects one response and fulfils the promise when it has ended (or fails it when the connection breaks first).
private final class HealthcheckAnswerHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPClientResponsePart

    private let answer: EventLoopPromise<HealthcheckAnswer>
    private var status: HTTPResponseStatus?
    private var body: [UInt8] = []

    init(answer: EventLoopPromise<HealthcheckAnswer>) {
        self.answer = answer
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch Self.unwrapInboundIn(data) {
        case .head(let head):
            status = head.status
        case .body(let buffer):
            let room = HealthcheckClient.bodyLimit - body.count
            if room > 0 { body += buffer.readableBytesView.prefix(room) }
        case .end:
            if let status {
                answer.succeed(HealthcheckAnswer(status: status, body: String(decoding: body, as: UTF8.self)))
            } else {
                answer.fail(HealthcheckFailure.closedBeforeAnswering)
            }
            context.close(promise: nil)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        answer.fail(HealthcheckFailure.closedBeforeAnswering)  // a no-op if the answer is already in
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        answer.fail(error)
        context.close(promise: nil)
    }
}

extension String {
    fileprivate var trimmingASCIIWhitespace: Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return self[first...last]
    }
}

/// Writes `line` and a newline to standard error.
func printToStandardError(_ line: String) {
    var bytes = Array((line + "\n").utf8)[...]
    while !bytes.isEmpty {
        let written = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
        guard written > 0 else { return }
        bytes = bytes.dropFirst(written)
    }
}
