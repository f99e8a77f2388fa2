import HTTPServer
import NIOCore
import TestKit
import Testing

/// Every state of a connection has a deadline (docs/architecture.md, "A request's trip", 3.), tested on virtual time:
/// each test drives one connection through the server's real pipeline on a test event loop (`VirtualConnection`) and
/// moves the loop's clock itself, to just before a deadline and just past it. No test here waits for a timer, so no
/// busy machine can make one fail or pass. One test runs over a real socket, as a smoke of the same deadline on the
/// real server.
@Suite("Request-head, body and idle timeouts")
struct ConnectionTimeoutTests {
    private func timeouts(head: TimeAmount, idle: TimeAmount, body: TimeAmount = .seconds(30))
        -> HTTPServerConfiguration
    {
        .testing(requestHeadTimeout: head, requestBodyTimeout: body, idleTimeout: idle)
    }

    /// Answers with the request's path at once.
    private let echo = ClosureResponder { request in .text(request.path) }

    @Test func aClientThatSendsNothingIsDisconnectedAtTheHeadTimeout() async throws {
        let connection = try await VirtualConnection(timeouts(head: .seconds(10), idle: .seconds(60)), responder: echo)
        await connection.advance(by: .milliseconds(9_999))
        #expect(!connection.isClosed)
        await connection.advance(by: .milliseconds(1))
        #expect(connection.isClosed)
        #expect(connection.received.isEmpty)
        await connection.finish()
    }

    /// The same over a real socket, on the real server: it only proves the deadline is kept there too.
    @Test func overARealSocketAClientThatSendsNothingIsDisconnected() async throws {
        let configuration = timeouts(head: .milliseconds(300), idle: .seconds(30))
        try await withServer(configuration, responder: echo) { server in
            let (closed, elapsed) = try await server.steps { socket in
                (try socket.waitForClose(timeout: BusyMachine.patience), ContinuousClock.now - socket.connectStarted)
            }
            #expect(closed)
            #expect(elapsed >= .milliseconds(280))
        }
    }

    /// A client that started a request and trickles its head, a line at a time, is told why (408) at the head
    /// timeout, however steadily it sends: progress alone does not buy time.
    @Test func aClientTricklingItsHeadIsAnswered408AndDisconnectedAtTheHeadTimeout() async throws {
        let connection = try await VirtualConnection(timeouts(head: .seconds(10), idle: .seconds(60)), responder: echo)
        try await connection.send("GET / HTTP/1.1\r\n")
        for line in 1...99 {
            await connection.advance(by: .milliseconds(100))
            try await connection.send("X-Trickle-\(line): still typing\r\n")
        }
        #expect(!connection.isClosed)
        #expect(connection.received.isEmpty)
        await connection.advance(by: .milliseconds(100))
        #expect(connection.received.hasPrefix("HTTP/1.1 408 Request Timeout\r\n"))
        #expect(connection.received.contains("\r\nConnection: close\r\n"))
        // Then it closes, lingering at most its linger timeout.
        await connection.advance(by: .seconds(30))
        #expect(connection.isClosed)
        await connection.finish()
    }

    @Test func aStalledSecondRequestHeadIsDisconnectedAtTheHeadTimeout() async throws {
        let connection = try await VirtualConnection(timeouts(head: .seconds(3), idle: .seconds(30)), responder: echo)
        try await connection.send(RawRequest.get("/first"))
        #expect(connection.bodies == ["/first"])
        await connection.advance(by: .milliseconds(100))
        try await connection.send("GET /second HTTP/1.1\r\nHost: koo")
        await connection.advance(by: .milliseconds(2_999))
        #expect(!connection.isClosed)
        await connection.advance(by: .milliseconds(1))
        #expect(connection.received.contains("HTTP/1.1 408 Request Timeout\r\n"))
        await connection.advance(by: .seconds(30))
        #expect(connection.isClosed)
        await connection.finish()
    }

    @Test func anIdleKeepAliveConnectionIsClosedAtTheIdleTimeout() async throws {
        let connection = try await VirtualConnection(timeouts(head: .seconds(30), idle: .seconds(60)), responder: echo)
        try await connection.send(RawRequest.get("/once"))
        #expect(connection.received.hasPrefix("HTTP/1.1 200 OK\r\n"))
        await connection.advance(by: .milliseconds(59_999))
        #expect(!connection.isClosed)
        await connection.advance(by: .milliseconds(1))
        #expect(connection.isClosed)
        await connection.finish()
    }

    /// Between requests the idle timeout applies, not the (shorter) head timeout.
    @Test func theIdleTimeoutNotTheHeadTimeoutAppliesBetweenRequests() async throws {
        let connection = try await VirtualConnection(timeouts(head: .seconds(3), idle: .seconds(30)), responder: echo)
        try await connection.send(RawRequest.get("/first"))
        await connection.advance(by: .seconds(29))
        #expect(!connection.isClosed)
        try await connection.send(RawRequest.get("/second"))
        #expect(connection.bodies == ["/first", "/second"])
        await connection.finish()
    }

    @Test func aSlowButNotIdleConnectionIsServedPastTheIdleTimeout() async throws {
        let connection = try await VirtualConnection(timeouts(head: .seconds(60), idle: .seconds(20)), responder: echo)
        for number in 1...4 {
            if number > 1 { await connection.advance(by: .seconds(19)) }
            try await connection.send(RawRequest.get("/\(number)"))
        }
        #expect(connection.bodies == (1...4).map { "/\($0)" })
        #expect(!connection.isClosed)
        await connection.finish()
    }

    /// While the server itself is answering there is no deadline: a responder that takes far longer than both
    /// timeouts is not cut off, nor are the requests pipelined behind it.
    @Test func aSlowResponderAndThoseBehindItAreNotCutOffByAnyTimeout() async throws {
        let gate = ResponderGate()
        let slow = ClosureResponder { request in
            if request.path.hasPrefix("/slow") { await gate.wait() }
            return .text(request.path)
        }
        let connection = try await VirtualConnection(timeouts(head: .seconds(2), idle: .seconds(2)), responder: slow)
        try await connection.send(RawRequest.get("/fast") + RawRequest.get("/slow") + RawRequest.get("/after"))
        #expect(connection.bodies == ["/fast"])
        await connection.advance(by: .seconds(60))
        #expect(!connection.isClosed)
        gate.open()
        await connection.settle()
        #expect(connection.bodies == ["/fast", "/slow", "/after"])
        await connection.finish()
    }

    /// A body that comes slowly, within the body timeout, is not cut off by the (shorter) head timeout.
    @Test func aSlowlySentBodyIsNotCutOffByTheHeadTimeout() async throws {
        let connection = try await VirtualConnection(
            timeouts(head: .seconds(1), idle: .seconds(30), body: .seconds(30)), responder: echo)
        try await connection.send(RawRequest.make("POST", "/form", headers: ["Content-Length: 6"]))
        for piece in ["a=", "12", "34"] {
            await connection.advance(by: .milliseconds(900))
            try await connection.send(piece)
        }
        #expect(connection.bodies == ["/form"])
        await connection.finish()
    }

    @Test func aBodyThatNeverFinishesIsCutOffAtTheBodyTimeoutAndNeverReachesTheApp() async throws {
        let reached = Locked(0)
        let counting = ClosureResponder { request in
            reached.withLock { $0 += 1 }
            return .text(request.path)
        }
        let connection = try await VirtualConnection(
            timeouts(head: .seconds(30), idle: .seconds(30), body: .seconds(30)), responder: counting)
        try await connection.send(RawRequest.make("POST", "/form", headers: ["Content-Length: 1000"]) + "a=")
        // Keeps sending, a byte a second, but never the whole body: progress alone does not buy time.
        for _ in 1...29 {
            await connection.advance(by: .seconds(1))
            try await connection.send("b")
        }
        #expect(!connection.isClosed)
        await connection.advance(by: .seconds(1))
        #expect(connection.received.hasPrefix("HTTP/1.1 408 Request Timeout\r\n"))
        await connection.advance(by: .seconds(30))
        #expect(connection.isClosed)
        #expect(reached.value == 0)
        await connection.finish()
    }

    @Test func aChunkedBodyThatNeverEndsIsCutOffAtTheBodyTimeout() async throws {
        let connection = try await VirtualConnection(
            timeouts(head: .seconds(30), idle: .seconds(30), body: .seconds(10)), responder: echo)
        try await connection.send(
            RawRequest.make("POST", "/form", headers: ["Transfer-Encoding: chunked"]) + "2\r\na=\r\n")
        await connection.advance(by: .milliseconds(9_999))
        #expect(!connection.isClosed)
        await connection.advance(by: .milliseconds(1))
        #expect(connection.received.hasPrefix("HTTP/1.1 408 Request Timeout\r\n"))
        await connection.advance(by: .seconds(30))
        #expect(connection.isClosed)
        await connection.finish()
    }
}
