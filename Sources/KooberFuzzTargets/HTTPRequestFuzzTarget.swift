import Foundation
import HTTPServer
import KooberKit
import KooberTestSupport
import Logging
import NIOCore
import NIOEmbedded
import Synchronization

/// The whole request path, from bytes to Koober's pages: the server's real connection pipeline (timeouts, llhttp,
/// limits, pipelining) on a test channel, answered by the real app on a temporary SQLite file. Whatever arrives,
/// the server answers with HTTP responses or closes, and every request it lets through is answered.
public final class HTTPRequestFuzzTarget: FuzzTarget {
    public static let shared = HTTPRequestFuzzTarget()
    public let name = "http"
    private let app: KooberTestApp
    private let requests = RequestCounter()

    /// The form-signing key of the fuzzed app: fixed, so that saved inputs can carry a valid form token (for the
    /// pre-session id `AAA…A`, see `seed-post-signin`) and reach the code behind the CSRF check.
    static let corpusKey = CSRFKey(bytes: Array(repeating: 0x4B, count: CSRFKey.byteCount)) ?? .generate()

    private init() {
        let silent = Logger(label: "koober.fuzz") { _ in SwiftLogNoOpLogHandler() }
        app = Blocking.run { try await KooberTestApp(logger: silent) { $0.csrfKey = Self.corpusKey } }
    }

    public func check(_ input: [UInt8]) throws(FuzzFinding) {
        let result: Result<Void, FuzzFinding> = Blocking.run { await self.exchange(input) }
        try result.get()
    }

    private func exchange(_ input: [UInt8]) async -> Result<Void, FuzzFinding> {
        let counting = CountingResponder(next: app.responder, requests: requests)
        let configuration = {
            var configuration = app.container.makeServerConfiguration(host: "127.0.0.1", port: 0)
            configuration.lingerTimeout = .milliseconds(10)
            return configuration
        }()
        let channel = NIOAsyncTestingChannel()
        do {
            try await channel.testingEventLoop.executeInContext {
                let silent = Logger(label: "koober.fuzz") { _ in SwiftLogNoOpLogHandler() }
                try HTTPServer.configureConnection(
                    channel.pipeline.syncOperations, configuration: configuration, responder: counting,
                    bodyBudget: BodyBudget(limit: configuration.maxBufferedBodyBytes),
                    refusals: RefusalLog(logger: silent), metrics: nil, logger: silent
                )
            }
            try await channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 8080))
            try await channel.writeInbound(ByteBuffer(bytes: input))
        } catch {
            return .failure(FuzzFinding("the pipeline threw: \(error)"))
        }
        // Every request let through is answered. The app answers on other threads and the pipeline then lets the
        // next pipelined request through, so run the loop until nothing has moved for a few rounds.
        var output: [UInt8] = []
        var quietRounds = 0
        var rounds = 0
        while quietRounds < 3, rounds < 5_000 {
            rounds += 1
            let before = requests.counts
            let outputBefore = output.count
            try? await Task.sleep(for: .microseconds(200))
            await channel.testingEventLoop.run()
            while let part = try? await channel.readOutbound(as: IOData.self) {
                if case .byteBuffer(let buffer) = part { output += buffer.readableBytesView }
            }
            let after = requests.counts
            let quiet = after.answered == after.started && before == after && output.count == outputBefore
            quietRounds = quiet ? quietRounds + 1 : 0
        }
        guard quietRounds == 3 else { return .failure(FuzzFinding("a request was never answered")) }
        if !output.isEmpty, !output.starts(with: Array("HTTP/1.1 ".utf8)) {
            return .failure(FuzzFinding("the server wrote something that is not an HTTP response"))
        }
        // The timeouts fire too: the connection ends whatever the client left half-sent.
        await channel.testingEventLoop.advanceTime(by: .seconds(120))
        _ = try? await channel.finish(acceptAlreadyClosed: true)
        return .success(())
    }
}

/// Counts the requests the app has started and finished answering, so the fuzzer knows when a connection has
/// gone quiet.
private final class RequestCounter: Sendable {
    private let state = Mutex((started: 0, answered: 0))

    var counts: (started: Int, answered: Int) { state.withLock { $0 } }

    func start() { state.withLock { $0.started += 1 } }
    func finish() { state.withLock { $0.answered += 1 } }
}

private struct CountingResponder: Responder {
    let next: any Responder
    let requests: RequestCounter

    func respond(to request: Request) async -> Response {
        requests.start()
        defer { requests.finish() }
        return await next.respond(to: request)
    }
}
