import HTTPServer
import NIOHTTP1
import TestKit
import Testing

@Suite("Protocol error pages come from configuration.errorResponse")
struct ErrorResponseTests {
    static let configuration = HTTPServerConfiguration.testing(maxBodyBytes: 100, maxHeaderBytes: 1_024) { status in
        var response = Response(
            status: status,
            contentType: "text/html; charset=utf-8",
            body: "<h1>Koober: \(status.code)</h1>"
        )
        response.headers.add(name: "X-Error-Page", value: "koober")
        return response
    }

    @Test(arguments: [
        (400, "NONSENSE\r\n\r\n"),
        (431, RawRequest.get("/", headers: ["X-Big: " + String(repeating: "a", count: 2_000)])),
        (413, RawRequest.make("POST", "/upload", headers: ["Content-Length: 500"])),
        (
            413,
            RawRequest.make("POST", "/upload", headers: ["Transfer-Encoding: chunked"]) + "80\r\n"
                + String(repeating: "z", count: 128) + "\r\n"
        ),
    ])
    func theClientReceivesTheCustomErrorPage(status: Int, request: String) async throws {
        try await withServer(Self.configuration, responder: echoResponder) { server in
            let connection = try await server.connect()
            try await connection.send(request)
            let response = try await connection.readResponse()
            #expect(response.status == status)
            #expect(response.bodyText == "<h1>Koober: \(status)</h1>")
            #expect(response.header("Content-Type") == "text/html; charset=utf-8")
            #expect(response.header("X-Error-Page") == "koober")
            #expect(response.header("Content-Length") == String(response.body.count))
            #expect(response.header("Connection") == "close")
            #expect(response.header("Date").flatMap(HTTPDate.parse) != nil)
            #expect(try await connection.waitForClose(timeout: BusyMachine.patience))
        }
    }

    @Test func theErrorResponseIsAskedForTheRefusalStatus() async throws {
        let asked = Locked<[UInt]>([])
        var configuration = Self.configuration
        configuration.errorResponse = { status in
            asked.withLock { $0.append(status.code) }
            return .text("refused", status: status)
        }
        try await withServer(configuration, responder: echoResponder) { server in
            _ = try await server.response(to: "NONSENSE\r\n\r\n")
            _ = try await server.response(to: RawRequest.make("POST", "/", headers: ["Content-Length: 101"]))
            _ = try await server.response(
                to: RawRequest.get("/", headers: ["X-Big: " + String(repeating: "a", count: 2_000)])
            )
        }
        #expect(asked.value == [400, 413, 431])
    }
}
