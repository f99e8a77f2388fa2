import HTTPServer
import NIOCore
import TestKit
import Testing

@Suite("Malformed requests and size limits")
struct RequestLimitTests {
    /// Counts the requests that reach the app, to show that refused ones never do.
    let reached = Locked(0)
    var responder: ClosureResponder {
        ClosureResponder { [reached] request in
            reached.withLock { $0 += 1 }
            return .text("\(request.body.readableBytes) bytes")
        }
    }

    @Test(arguments: [
        "NONSENSE\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: koober.test\r\nNo colon here\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: koober.test\r\nContent-Length: twelve\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: koober.test\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab",
        "GET /a b HTTP/1.1\r\nHost: koober.test\r\n\r\n",
        "POST / HTTP/1.1\r\nHost: koober.test\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
    ])
    func aMalformedRequestGets400AndTheConnectionIsClosed(request: String) async throws {
        try await withServer(responder: responder) { server in
            let connection = try await server.connect()
            try await connection.send(request)
            let response = try await connection.readResponse()
            #expect(response.status == 400)
            #expect(response.header("Connection") == "close")
            #expect(response.bodyText == "Bad Request\n")
            #expect(try await connection.waitForClose(timeout: BusyMachine.patience))
        }
        #expect(reached.value == 0)
    }

    @Test func aMalformedRequestAfterAGoodOneIsAnsweredAfterIt() async throws {
        try await withServer(responder: echoResponder) { server in
            let connection = try await server.connect()
            try await connection.send(RawRequest.get("/fine") + "NONSENSE\r\n\r\n")
            let responses = try await connection.readResponses(2)
            #expect(responses.map(\.status) == [200, 400])
            #expect(responses[0].bodyText == "GET /fine")
            #expect(try await connection.waitForClose(timeout: BusyMachine.patience))
        }
    }

    @Test func aDeclaredBodyOverTheLimitGets413BeforeItIsSent() async throws {
        try await withServer(.testing(maxBodyBytes: 100), responder: responder) { server in
            let connection = try await server.connect()
            try await connection.send(RawRequest.make("POST", "/upload", headers: ["Content-Length: 101"]))
            let response = try await connection.readResponse()
            #expect(response.status == 413)
            #expect(response.header("Connection") == "close")
            #expect(try await connection.waitForClose(timeout: BusyMachine.patience))
        }
        #expect(reached.value == 0)
    }

    /// On virtual time: once the test's loop has run everything queued, the server has done all it ever will with
    /// the bytes sent, so "never processed" is checked at once, with no wait for something that must not happen.
    @Test func requestsPipelinedAfterARefusedBodyAreNotProcessed() async throws {
        let configuration = HTTPServerConfiguration.testing(maxBodyBytes: 100)
        let connection = try await VirtualConnection(configuration, responder: responder)
        let refused = RawRequest.post("/upload", body: String(repeating: "x", count: 101))
        try await connection.send(refused + RawRequest.post("/next", body: "a=1") + RawRequest.get("/last"))
        #expect(connection.received.hasPrefix("HTTP/1.1 413 Payload Too Large\r\n"))
        await connection.advance(by: configuration.lingerTimeout)
        #expect(connection.isClosed)
        #expect(connection.bodies.count == 1)
        #expect(reached.value == 0)
        await connection.finish()
    }

    @Test func theDefaultBodyLimitIsOneMebibyte() async throws {
        try await withServer(responder: responder) { server in
            let tooLarge = RawRequest.make("POST", "/upload", headers: ["Content-Length: 1048577"])
            #expect(try await server.response(to: tooLarge).status == 413)
            let body = String(repeating: "k", count: 1 << 20)
            let response = try await server.response(to: RawRequest.post("/upload", body: body))
            #expect(response.status == 200)
            #expect(response.bodyText == "1048576 bytes")
        }
    }

    @Test func aBodyOfExactlyTheLimitIsAccepted() async throws {
        try await withServer(.testing(maxBodyBytes: 100), responder: responder) { server in
            let response = try await server.response(
                to: RawRequest.post("/upload", body: String(repeating: "x", count: 100))
            )
            #expect(response.status == 200)
            #expect(response.bodyText == "100 bytes")
        }
    }

    /// On virtual time, the chunks arriving apart: the first is taken, and the second, past the limit, is refused.
    @Test func aChunkedBodyGrowingPastTheLimitGets413() async throws {
        let configuration = HTTPServerConfiguration.testing(maxBodyBytes: 100)
        let connection = try await VirtualConnection(configuration, responder: responder)
        let chunk = "3c\r\n" + String(repeating: "c", count: 60) + "\r\n"
        try await connection.send(RawRequest.make("POST", "/upload", headers: ["Transfer-Encoding: chunked"]) + chunk)
        #expect(connection.received.isEmpty)
        #expect(!connection.isClosed)
        try await connection.send(chunk)
        #expect(connection.received.hasPrefix("HTTP/1.1 413 Payload Too Large\r\n"))
        #expect(connection.received.contains("\r\nConnection: close\r\n"))
        await connection.advance(by: configuration.lingerTimeout)
        #expect(connection.isClosed)
        #expect(reached.value == 0)
        await connection.finish()
    }

    @Test func aChunkedBodyWithinTheLimitReachesTheResponderWhole() async throws {
        try await withServer(.testing(maxBodyBytes: 100), responder: responder) { server in
            let chunks =
                "32\r\n" + String(repeating: "a", count: 50) + "\r\n32\r\n" + String(repeating: "b", count: 50)
                + "\r\n0\r\n\r\n"
            let request = RawRequest.make("POST", "/upload", headers: ["Transfer-Encoding: chunked"]) + chunks
            let response = try await server.response(to: request)
            #expect(response.status == 200)
            #expect(response.bodyText == "100 bytes")
        }
    }

    @Test(arguments: [
        ["X-Big: " + String(repeating: "a", count: 1_100)],
        (0..<60).map { "X-Header-\($0): twenty-bytes" },
    ])
    func headersOverTheLimitGet431AndTheConnectionIsClosed(headers: [String]) async throws {
        try await withServer(.testing(maxHeaderBytes: 1_024), responder: responder) { server in
            let connection = try await server.connect()
            try await connection.send(RawRequest.get("/", headers: headers))
            let response = try await connection.readResponse()
            #expect(response.status == 431)
            #expect(response.header("Connection") == "close")
            #expect(response.bodyText == "Request Header Fields Too Large\n")
            #expect(try await connection.waitForClose(timeout: BusyMachine.patience))
        }
        #expect(reached.value == 0)
    }

    @Test func headersWithinTheLimitAreAccepted() async throws {
        try await withServer(.testing(maxHeaderBytes: 1_024), responder: responder) { server in
            let response = try await server.response(
                to: RawRequest.get("/", headers: ["X-Big: " + String(repeating: "a", count: 800)])
            )
            #expect(response.status == 200)
        }
    }

    @Test func theDefaultHeaderLimitIsSixteenKibibytes() async throws {
        try await withServer(responder: responder) { server in
            let fits = try await server.response(
                to: RawRequest.get("/", headers: ["X-Big: " + String(repeating: "a", count: 15_000)])
            )
            #expect(fits.status == 200)
            let tooLarge = try await server.response(
                to: RawRequest.get("/", headers: ["X-Big: " + String(repeating: "a", count: 17_000)])
            )
            #expect(tooLarge.status == 431)
        }
    }
}
