import Foundation
import HTTPServer
import NIOCore
import TestKit
import Testing

@Suite("HTTP/1.1 connections: keep-alive, pipelining, HEAD, Connection: close")
struct KeepAliveTests {
    @Test func aKeepAliveConnectionServesRequestAfterRequest() async throws {
        try await withServer(responder: echoResponder) { server in
            let connection = try await server.connect()
            for path in ["/a", "/b", "/c"] {
                try await connection.send(RawRequest.get(path))
                let response = try await connection.readResponse()
                #expect(response.status == 200)
                #expect(response.bodyText == "GET \(path)")
                #expect(response.header("Connection") == nil)
            }
        }
    }

    @Test func pipelinedRequestsAreAnsweredInOrder() async throws {
        let paths = (1...10).map { "/\($0)" }
        try await withServer(responder: echoResponder) { server in
            let connection = try await server.connect()
            try await connection.send(paths.map { RawRequest.get($0) }.joined())
            let responses = try await connection.readResponses(paths.count)
            #expect(responses.map(\.bodyText) == paths.map { "GET \($0)" })
        }
    }

    /// The first request is held until the test lets it go (`ResponderGate`), on virtual time: nothing behind it is
    /// answered before it, however long it takes.
    @Test func aSlowFirstPipelinedRequestIsStillAnsweredFirst() async throws {
        let gate = ResponderGate()
        let responder = ClosureResponder { request in
            if request.path == "/slow" { await gate.wait() }
            return .text(request.path)
        }
        let connection = try await VirtualConnection(.testing(), responder: responder)
        try await connection.send(
            RawRequest.get("/slow") + RawRequest.get("/fast") + RawRequest.post("/form", body: "a=1")
        )
        await connection.advance(by: .seconds(5))
        #expect(connection.received.isEmpty)
        gate.open()
        await connection.settle()
        #expect(connection.bodies == ["/slow", "/fast", "/form"])
        await connection.finish()
    }

    @Test func pipelinedRequestBodiesReachTheirOwnRequests() async throws {
        let responder = ClosureResponder { request in .text((try? request.form()["n"]) ?? "none") }
        try await withServer(responder: responder) { server in
            let connection = try await server.connect()
            try await connection.send((1...3).map { RawRequest.post("/", body: "n=\($0)") }.joined())
            #expect(try await connection.readResponses(3).map(\.bodyText) == ["1", "2", "3"])
        }
    }

    @Test func headIsAnsweredLikeGetWithoutABody() async throws {
        let responder = ClosureResponder { _ in .text("twelve bytes") }
        try await withServer(responder: responder) { server in
            let connection = try await server.connect()
            try await connection.send(RawRequest.head("/page") + RawRequest.get("/page"))
            let head = try await connection.readResponse(toHEAD: true)
            let get = try await connection.readResponse()
            #expect(head.status == 200)
            #expect(head.header("Content-Length") == "12")
            #expect(head.header("Content-Type") == "text/plain; charset=utf-8")
            #expect(get.bodyText == "twelve bytes")
            #expect(get.header("Content-Length") == "12")
            #expect(try await connection.unparsedBytes().isEmpty)
        }
    }

    @Test func theResponderSeesHeadAsHead() async throws {
        let responder = ClosureResponder { request in .text("\(request.method)") }
        try await withServer(responder: responder) { server in
            let response = try await server.response(to: RawRequest.head("/"), toHEAD: true)
            #expect(response.header("Content-Length") == "4")
        }
    }

    @Test func connectionCloseIsHonouredAfterTheResponse() async throws {
        try await withServer(responder: echoResponder) { server in
            let connection = try await server.connect()
            try await connection.send(RawRequest.get("/bye", headers: ["Connection: close"]))
            let response = try await connection.readResponse()
            #expect(response.bodyText == "GET /bye")
            #expect(response.header("Connection") == "close")
            #expect(try await connection.waitForClose(timeout: BusyMachine.patience))
        }
    }

    /// On virtual time: once the test's loop has run everything queued, the server has done all it ever will with
    /// the bytes sent, so "never processed" is checked at once, with no wait for something that must not happen.
    @Test func requestsPipelinedAfterConnectionCloseAreNeitherProcessedNorAnswered() async throws {
        let seen = Locked<[String]>([])
        let responder = ClosureResponder { request in
            seen.withLock { $0.append(request.path) }
            return .text(request.path)
        }
        let configuration = HTTPServerConfiguration.testing()
        let connection = try await VirtualConnection(configuration, responder: responder)
        let after = RawRequest.post("/after", body: "delete=everything")
        try await connection.send(RawRequest.get("/last", headers: ["Connection: close"]) + after)
        await connection.advance(by: configuration.lingerTimeout)
        #expect(connection.isClosed)
        #expect(connection.bodies == ["/last"])
        #expect(seen.value == ["/last"])
        await connection.finish()
    }

    @Test func anHTTP10RequestIsAnsweredAndClosed() async throws {
        try await withServer(responder: echoResponder) { server in
            let connection = try await server.connect()
            try await connection.send(RawRequest.make("GET", "/old", version: "HTTP/1.0"))
            let response = try await connection.readResponse()
            #expect(response.bodyText == "GET /old")
            #expect(response.header("Connection") == "close")
            #expect(try await connection.waitForClose(timeout: BusyMachine.patience))
        }
    }

    @Test func anHTTP10KeepAliveRequestKeepsTheConnection() async throws {
        try await withServer(responder: echoResponder) { server in
            let connection = try await server.connect()
            let request = RawRequest.make("GET", "/old", version: "HTTP/1.0", headers: ["Connection: keep-alive"])
            try await connection.send(request + request)
            let responses = try await connection.readResponses(2)
            #expect(responses.map { $0.header("Connection") } == ["keep-alive", "keep-alive"])
        }
    }

    /// The header is the second the response was made in: between the seconds read just before the request and just
    /// after its answer, however long a busy machine takes in between.
    @Test func everyResponseHasADateHeaderWithTheCurrentTime() async throws {
        try await withServer(responder: echoResponder) { server in
            let before = Int(Date().timeIntervalSince1970)
            let response = try await server.response(to: RawRequest.get("/"))
            let after = Int(Date().timeIntervalSince1970)
            let date = try #require(response.header("Date"))
            let seconds = try #require(HTTPDate.parse(date))
            #expect((before...after).contains(seconds), "\(date) between \(before) and \(after)")
        }
    }

    @Test func theServerSetsContentLengthFromTheBody() async throws {
        let responder = ClosureResponder { _ in
            Response(status: .ok, headers: ["Content-Length": "999"], body: .init(string: "café"))
        }
        try await withServer(responder: responder) { server in
            let response = try await server.response(to: RawRequest.get("/"))
            #expect(response.header("Content-Length") == "5")
            #expect(response.headers(named: "Content-Length").count == 1)
            #expect(response.bodyText == "café")
        }
    }

    /// Over a real socket (a real hang-up): the responder is held until the client has gone, then answers into the
    /// closed connection, and the server serves the next client.
    @Test func aClientThatHangsUpMidRequestDoesNotHurtTheServer() async throws {
        let reached = ResponderGate()
        let answer = ResponderGate()
        let answered = ResponderGate()
        let responder = ClosureResponder { request in
            if request.path == "/slow" {
                reached.open()
                await answer.wait()
                answered.open()
            }
            return .text("done")
        }
        try await withServer(responder: responder) { server in
            let impatient = try await server.connect()
            try await impatient.send(RawRequest.get("/slow"))
            #expect(await eventually { reached.isOpen })
            await impatient.close()
            answer.open()
            #expect(await eventually { answered.isOpen })
            #expect(try await server.response(to: RawRequest.get("/next")).bodyText == "done")
        }
    }
}
