import HTTPServer
import NIOCore
import NIOHTTP1
import TestBrowsing
import Testing

@Suite struct TCPTransportTests {
    @Test func sendsTheRequestAndReadsTheWholeResponse() async throws {
        let echo = ClosureResponder { request in
            var response = Response.text("\(request.method.rawValue) \(request.uri) \(String(buffer: request.body))")
            response.headers.add(name: "X-Host", value: request.headers.first(name: "Host") ?? "none")
            return response
        }
        try await TestServer.withRunning(echo) { port in
            let transport = TCPTransport(host: "127.0.0.1", port: port)
            let request = Request(method: .PUT, uri: "/things/1?x=%20", body: ByteBuffer(string: "payload"))
            let response = try await transport.send(request)
            #expect(response.status == .ok)
            #expect(response.bodyText == "PUT /things/1?x=%20 payload")
            #expect(response.headers.first(name: "X-Host") == "127.0.0.1:\(port)")
            #expect(response.headers.first(name: "Connection") == "close")
        }
    }

    @Test func aLargeBodyArrivesWhole() async throws {
        let big = String(repeating: "0123456789", count: 50_000)
        try await TestServer.withRunning(ClosureResponder { _ in .text(big) }) { port in
            let response = try await TCPTransport(host: "127.0.0.1", port: port).send(Request(method: .GET, uri: "/"))
            #expect(response.bodyText == big)
        }
    }

    /// The server holds the answer until the test has seen the timeout; the transport's own deadline (200 ms) is a
    /// real timer on a real socket, which this test waits for.
    @Test func aServerThatDoesNotAnswerInTimeIsATimeout() async throws {
        let (release, releaseContinuation) = AsyncStream<Void>.makeStream()
        let slow = ClosureResponder { _ in
            for await _ in release {}
            return .text("late")
        }
        var configuration = HTTPServerConfiguration(host: "127.0.0.1", port: 0)
        configuration.shutdownTimeout = .milliseconds(50)
        try await TestServer.withRunning(slow, configuration: configuration) { port in
            defer { releaseContinuation.finish() }
            let transport = TCPTransport(host: "127.0.0.1", port: port, timeout: .milliseconds(200))
            await #expect(throws: TCPTransportError.timedOut(host: "127.0.0.1", port: port)) {
                try await transport.send(Request(method: .GET, uri: "/"))
            }
        }
    }
}
