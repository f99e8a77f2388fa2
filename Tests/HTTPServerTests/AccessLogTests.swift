import Logging
import NIOCore
import TestKit
import Testing

@testable import HTTPServer

@Suite("The access log")
struct AccessLogTests {
    let log = RecordingLogHandler.Store()

    /// Answers with the request id in `X-Request-ID`; `/slow` after 200 ms; `/missing` with 404.
    ///
    /// `/slow` waits for real: the log's duration is measured on the real clock (`NIODeadline.now()`), and
    /// `theDurationIncludesTheResponderTime` checks that a real 200 ms is in it. Nothing waits for this to synchronise.
    let responder = ClosureResponder { request in
        if request.path == "/slow" { try? await Task.sleep(for: .milliseconds(200)) }
        var response = Response.text("hello", status: request.path == "/missing" ? .notFound : .ok)
        response.headers.add(name: "X-Request-ID", value: request.id)
        return response
    }

    private func accessLines(_ count: Int) async -> [RecordingLogHandler.Entry] {
        await log.entries(atLeast: count) { $0.metadata["request_id"] != nil }
    }

    @Test func eachRequestIsLoggedOnceWithMethodPathStatusBytesDurationAndID() async throws {
        let responses = try await withServer(logger: log.logger(), responder: responder) { server in
            let connection = try await server.connect()
            try await connection.send(
                RawRequest.get("/a") + RawRequest.post("/b", body: "x=1") + RawRequest.get("/missing")
            )
            return try await connection.readResponses(3)
        }
        let lines = await accessLines(3)
        #expect(lines.count == 3)
        #expect(lines.map(\.message) == ["GET /a 200", "POST /b 200", "GET /missing 404"])
        #expect(lines.allSatisfy { $0.level == .info })
        #expect(lines.map { $0.metadata["bytes"] } == ["5", "5", "5"])
        #expect(lines.map { $0.metadata["request_id"] } == responses.map { $0.header("X-Request-ID") })
        for line in lines {
            let duration = try #require(line.metadata["duration_ms"].flatMap(Double.init))
            #expect(duration >= 0 && duration < Double(BusyMachine.patience.components.seconds) * 1_000)
        }
    }

    @Test func theDurationIncludesTheResponderTime() async throws {
        try await withServer(logger: log.logger(), responder: responder) { server in
            _ = try await server.response(to: RawRequest.get("/slow"))
        }
        let line = try #require(await accessLines(1).first)
        #expect(try #require(line.metadata["duration_ms"].flatMap(Double.init)) >= 200)
    }

    @Test(arguments: [
        (0, "0.00"), (4_999, "0.00"), (5_000, "0.01"), (614_000, "0.61"), (1_000_000, "1.00"), (1_094_999, "1.09"),
        (1_095_000, "1.10"), (250_000_000, "250.00"), (-1, "0.00"),
    ])
    func theDurationIsWrittenInMillisecondsWithTwoDecimals(nanoseconds: Int64, text: String) {
        #expect(HTTPRequestHandler.milliseconds(.nanoseconds(nanoseconds)) == text)
    }

    @Test func theQueryStringIsLeftOutOfTheLog() async throws {
        try await withServer(logger: log.logger(), responder: responder) { server in
            _ = try await server.response(to: RawRequest.get("/search?email=ann%40example.com&token=secret"))
        }
        #expect(await accessLines(1).map(\.message) == ["GET /search 200"])
        #expect(!log.all.contains { "\($0.message) \($0.metadata)".contains("secret") })
    }

    /// A path that carries a secret (Koober's share links) is logged as `loggedPath` says, whether the app answered
    /// it or the server refused it before the app saw it (issue 41).
    @Test func aPathIsLoggedAsTheConfigurationRedactsIt() async throws {
        var configuration = HTTPServerConfiguration.testing(maxBodyBytes: 10)
        configuration.loggedPath = { $0.hasPrefix("/secret/") ? "/secret/*" : $0 }
        try await withServer(configuration, logger: log.logger(), responder: responder) { server in
            _ = try await server.response(to: RawRequest.get("/secret/token-one"))
            _ = try await server.response(
                to: RawRequest.make("POST", "/secret/token-two", headers: ["Content-Length: 11"]))
            _ = try await server.response(to: RawRequest.get("/secret/token-three", headers: ["Upgrade: websocket"]))
            _ = try await server.response(to: RawRequest.get("/public/a"))
        }
        let lines = await accessLines(4)
        #expect(
            Set(lines.map(\.message))
                == ["GET /secret/* 200", "POST /secret/* 413", "GET /secret/* 501", "GET /public/a 200"]
        )
        #expect(!log.all.contains { "\($0.message) \($0.metadata)".contains("token-") })
    }

    @Test func aHeadRequestIsLoggedWithNoBodyBytes() async throws {
        try await withServer(logger: log.logger(), responder: responder) { server in
            _ = try await server.response(to: RawRequest.head("/a"), toHEAD: true)
        }
        let line = try #require(await accessLines(1).first)
        #expect(line.message == "HEAD /a 200")
        #expect(line.metadata["bytes"] == "0")
    }

    @Test func aRefusedBodyIsLoggedWithItsStatus() async throws {
        try await withServer(.testing(maxBodyBytes: 10), logger: log.logger(), responder: responder) { server in
            _ = try await server.response(to: RawRequest.make("POST", "/upload?x=1", headers: ["Content-Length: 11"]))
        }
        let line = try #require(await accessLines(1).first)
        #expect(line.message == "POST /upload 413")
        #expect(line.metadata["bytes"] == String("Payload Too Large\n".utf8.count))
        #expect(line.metadata["request_id"]?.count == 16)
    }

    @Test func requestIDsDifferFromRequestToRequest() async throws {
        try await withServer(logger: log.logger(), responder: responder) { server in
            for _ in 0..<5 { _ = try await server.response(to: RawRequest.get("/a")) }
        }
        #expect(Set(await accessLines(5).compactMap { $0.metadata["request_id"] }).count == 5)
    }
}
