import HTTPServer
import NIOCore
import TestKit
import Testing

/// A client that sends requests and does not read the answers must not make the server queue answers in memory.
@Suite("Clients that do not read")
struct SlowReaderTests {
    /// On virtual time, where the test says when the connection can take more output (as a real socket's buffers
    /// do): while it cannot, no response is even made, however many requests wait; once it can, all are answered.
    @Test func noResponseIsMadeWhileTheConnectionCannotTakeMoreOutput() async throws {
        let reached = Locked(0)
        let responder = ClosureResponder { request in
            reached.withLock { $0 += 1 }
            return .text(request.path)
        }
        let connection = try await VirtualConnection(.testing(), responder: responder)
        try await connection.setWritable(false)
        try await connection.send((1...20).map { RawRequest.get("/\($0)") }.joined())
        await connection.advance(by: .seconds(1))
        #expect(reached.value == 0)
        #expect(connection.received.isEmpty)
        try await connection.setWritable(true)
        #expect(connection.bodies == (1...20).map { "/\($0)" })
        #expect(reached.value == 20)
        await connection.finish()
    }

    /// A client that asks and never reads is cut off at the client read timeout, on virtual time (the same deadline
    /// over real sockets, whose own buffers stop the server, is in `DenialOfServiceTests`).
    @Test func aClientThatDoesNotReadIsDisconnectedAtTheClientReadTimeout() async throws {
        var configuration = HTTPServerConfiguration.testing()
        configuration.clientReadTimeout = .seconds(20)
        let connection = try await VirtualConnection(configuration, responder: ClosureResponder { .text($0.path) })
        try await connection.setWritable(false)
        try await connection.send(RawRequest.get("/1") + RawRequest.get("/2"))
        await connection.advance(by: .milliseconds(19_999))
        #expect(!connection.isClosed)
        await connection.advance(by: .milliseconds(1))
        #expect(connection.isClosed)
        #expect(connection.received.isEmpty)
        await connection.finish()
    }

    /// The same over a real socket, whose buffers decide when the connection can take more: at every response the
    /// client reads, the server has made at most what those buffers hold (a few MiB) beyond it, never everything
    /// asked for. No wait for the server to run ahead: a server that did not hold back would be far ahead by then.
    @Test func aClientThatDoesNotReadStopsTheServerMakingResponsesUntilItDoes() async throws {
        let reached = Locked(0)
        let large = ByteBuffer(repeating: UInt8(ascii: "k"), count: 256 << 10)
        let responder = ClosureResponder { _ in
            reached.withLock { $0 += 1 }
            return Response(headers: ["Content-Type": "text/plain"], body: large)
        }
        let count = 400  // 100 MiB of answers for 16 KiB of requests
        // The client reads as fast as a machine busy with the whole suite lets it: once that was slower than the client
        // read timeout, which rightly cut it off. The timeout is tested on virtual time above.
        var configuration = HTTPServerConfiguration.testing()
        configuration.clientReadTimeout = .seconds(600)
        try await withServer(configuration, responder: responder) { server in
            let connection = try await server.connect()
            try await connection.send(String(repeating: RawRequest.get("/large"), count: count))
            #expect(await eventually { reached.value > 0 })
            var aheadAtMost = 0
            for read in 0..<count {
                aheadAtMost = max(aheadAtMost, reached.value - read)
                let response = try await connection.steps { try $0.readResponse(timeout: BusyMachine.patience) }
                #expect(response.status == 200 && response.body.count == 256 << 10)
            }
            #expect(aheadAtMost < count / 2)
        }
        #expect(reached.value == count)
    }
}
