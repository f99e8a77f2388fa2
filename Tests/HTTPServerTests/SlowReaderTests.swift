import HTTPServer
import KooberTestSupport
import NIOCore
import Testing

/// A client that sends requests and does not read the answers must not make the server queue answers in memory.
@Suite("Clients that do not read")
struct SlowReaderTests {
    @Test func aClientThatDoesNotReadStopsTheServerMakingResponsesUntilItDoes() async throws {
        let reached = Locked(0)
        let large = ByteBuffer(repeating: UInt8(ascii: "k"), count: 256 << 10)
        let responder = ClosureResponder { _ in
            reached.withLock { $0 += 1 }
            return Response(headers: ["Content-Type": "text/plain"], body: large)
        }
        let count = 400  // 100 MiB of answers for 16 KiB of requests
        try await withServer(responder: responder) { server in
            let connection = try await server.connect()
            try await connection.send(String(repeating: RawRequest.get("/large"), count: count))
            try await Task.sleep(for: .milliseconds(1_500))
            // What the socket buffers on both sides hold (a few MiB), not everything asked for.
            let madeWhileUnread = reached.value
            #expect(madeWhileUnread < count / 2)
            let responses = try await connection.steps { try $0.readResponses(count, timeout: .seconds(60)) }
            #expect(responses.count == count)
            #expect(responses.allSatisfy { $0.status == 200 && $0.body.count == 256 << 10 })
        }
        #expect(reached.value == count)
    }
}
