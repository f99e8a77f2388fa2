import HTTPServer
import Testing

@Suite("HTTPServer: binding and releasing")
struct HTTPServerLifecycleTests {
    @Test func portZeroBindsAFreePortThatLocalAddressReports() async throws {
        try await withServer(responder: echoResponder) { server in
            let response = try await server.response(to: RawRequest.get("/here"))
            #expect(server.port > 0)
            #expect(response.bodyText == "GET /here")
        }
    }

    @Test func runThrowsWhenThePortIsTaken() async throws {
        try await withServer(responder: echoResponder) { first in
            var configuration = HTTPServerConfiguration.testing()
            configuration.port = first.port
            let second = HTTPServer(configuration: configuration, responder: echoResponder, logger: .silent)
            await #expect(throws: (any Error).self) { try await second.run() }
            await #expect(throws: (any Error).self) { try await second.localAddress }
        }
    }

    @Test func aServerThatNeverRanCanBeReleased() async {
        await #expect(processExitsWith: .success) {
            _ = HTTPServer(
                configuration: HTTPServerConfiguration(port: 0),
                responder: ClosureResponder { _ in Response() }
            )
        }
    }
}
