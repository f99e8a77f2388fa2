import HTTPServer
import TestKit
import Testing

/// Requests that try to confuse the parser: smuggling, folded and poisoned headers, methods and versions that do
/// not exist, absurd targets. Each gets a clear answer, nothing hidden in it reaches the app, and the server goes on
/// serving.
@Suite("Hostile requests")
struct HostileRequestTests {
    /// One hostile request: its bytes, and the status it must get.
    struct Attack: Sendable, CustomTestStringConvertible {
        let name: String
        let bytes: [UInt8]
        let status: Int
        var testDescription: String { name }

        init(_ name: String, _ text: String, status: Int = 400) {
            self.init(name, bytes: Array(text.utf8), status: status)
        }

        init(_ name: String, bytes: [UInt8], status: Int) {
            self.name = name
            self.bytes = bytes
            self.status = status
        }
    }

    static let smuggled = "GET /smuggled HTTP/1.1\r\nHost: koober.test\r\n\r\n"

    static let attacks: [Attack] = [
        Attack(
            "Content-Length and Transfer-Encoding",
            "POST / HTTP/1.1\r\nHost: k\r\nContent-Length: 6\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n" + smuggled),
        Attack(
            "Transfer-Encoding before Content-Length",
            "POST / HTTP/1.1\r\nHost: k\r\nTransfer-Encoding: chunked\r\nContent-Length: 50\r\n\r\n0\r\n\r\n" + smuggled
        ),
        Attack(
            "two equal Content-Lengths",
            "POST / HTTP/1.1\r\nHost: k\r\nContent-Length: 3\r\nContent-Length: 3\r\n\r\na=1" + smuggled),
        Attack("a Content-Length list", "POST / HTTP/1.1\r\nHost: k\r\nContent-Length: 3, 3\r\n\r\na=1" + smuggled),
        Attack("a negative Content-Length", "POST / HTTP/1.1\r\nHost: k\r\nContent-Length: -1\r\n\r\n" + smuggled),
        Attack("an obs-folded header", "GET / HTTP/1.1\r\nHost: k\r\nX-Folded: a\r\n b\r\n\r\n"),
        Attack(
            "an obs-folded Transfer-Encoding",
            "POST / HTTP/1.1\r\nHost: k\r\nContent-Length: 5\r\nTransfer-Encoding:\r\n chunked\r\n\r\n0\r\n\r\n"
                + smuggled),
        Attack(
            "a space before the colon",
            "POST / HTTP/1.1\r\nHost: k\r\nTransfer-Encoding : chunked\r\n\r\n0\r\n\r\n" + smuggled),
        Attack(
            "chunked not last",
            "POST / HTTP/1.1\r\nHost: k\r\nTransfer-Encoding: chunked, identity\r\n\r\n0\r\n\r\n" + smuggled),
        Attack(
            "an oversized chunk size",
            "POST / HTTP/1.1\r\nHost: k\r\nTransfer-Encoding: chunked\r\n\r\nfffffffffffffffffff\r\n"),
        Attack("a NUL in a header value", "GET / HTTP/1.1\r\nHost: k\r\nX-Nul: a\u{0}b\r\n\r\n"),
        Attack("a bare CR in a header value", "GET / HTTP/1.1\r\nHost: k\r\nX-CR: a\rGET /smuggled HTTP/1.1\r\n\r\n"),
        Attack("a NUL in the target", "GET /a\u{0}b HTTP/1.1\r\nHost: k\r\n\r\n"),
        Attack("a method that does not exist", "FROB / HTTP/1.1\r\nHost: k\r\n\r\n"),
        Attack("a lower-case method", "get / HTTP/1.1\r\nHost: k\r\n\r\n"),
        Attack("HTTP/2.0 over text", "GET / HTTP/2.0\r\nHost: k\r\n\r\n"),
        Attack("HTTP/1.2", "GET / HTTP/1.2\r\nHost: k\r\n\r\n"),
        Attack("a version without a minor", "GET / HTTP/1\r\nHost: k\r\n\r\n"),
        Attack("a lower-case version", "GET / http/1.1\r\nHost: k\r\n\r\n"),
        Attack("no version", "GET /\r\nHost: k\r\n\r\n"),
        Attack("a target with a space", "GET /a b HTTP/1.1\r\nHost: k\r\n\r\n"),
        Attack(
            "a target over the header limit",
            "GET /" + String(repeating: "a", count: 17_000) + " HTTP/1.1\r\nHost: k\r\n\r\n", status: 431),
        Attack("a header name that is not a token", "GET / HTTP/1.1\r\nHost: k\r\nX(evil): 1\r\n\r\n"),
        Attack(
            "bytes that are not HTTP", bytes: [0x16, 0x03, 0x01, 0x00, 0xa5, 0x01, 0x00, 0x00, 0xa1, 0x03, 0x03],
            status: 400),
    ]

    @Test(arguments: attacks)
    func aHostileRequestGetsAClearAnswerAndNothingHiddenInItRuns(attack: Attack) async throws {
        let reached = Locked<[String]>([])
        let responder = ClosureResponder { request in
            reached.withLock { $0.append(request.path) }
            return .text("fine")
        }
        try await withServer(responder: responder) { server in
            let connection = try await server.connect()
            try await connection.send(bytes: attack.bytes)
            let response = try await connection.readResponse()
            #expect(response.status == attack.status)
            #expect(response.header("Connection") == "close")
            #expect(try await connection.waitForClose(timeout: BusyMachine.patience))
            #expect(try await server.response(to: RawRequest.get("/still-up")).bodyText == "fine")
        }
        #expect(reached.value == ["/still-up"])
    }

    /// Odd targets the parser accepts: the app gets them as they are and answers; the server stays up.
    @Test(arguments: [
        "*", "http://evil.example/", "/..%2f..%2fetc%2fpasswd", "/%ff%fe", "/%00", "/a?%",
        "/?" + String(repeating: "q", count: 15_000),
        "/" + String(repeating: "/", count: 5_000), "/#fragment",
    ])
    func anAbsurdButWellFormedTargetReachesTheAppAsSent(target: String) async throws {
        try await withServer(responder: echoResponder) { server in
            let response = try await server.response(to: RawRequest.get(target))
            #expect(response.status == 200)
            #expect(response.bodyText.hasPrefix("GET "))
            #expect(try await server.response(to: RawRequest.get("/still-up")).bodyText == "GET /still-up")
        }
    }
}
