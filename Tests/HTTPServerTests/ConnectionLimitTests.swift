import HTTPServer
import KooberTestSupport
import TestKit
import Testing

@Suite("The connection limit")
struct ConnectionLimitTests {
    @Test func connectionsBeyondTheLimitAreClosedAtOnceAndTheOthersAreServed() async throws {
        try await withServer(.testing(maxConnections: 3), responder: echoResponder) { server in
            let held = [try await server.connect(), try await server.connect(), try await server.connect()]
            try await Task.sleep(for: .milliseconds(200))  // the server has accepted them all
            let beyond = try await server.connect()
            #expect(try await beyond.waitForClose(timeout: BusyMachine.patience))
            for (number, connection) in held.enumerated() {
                try await connection.send(RawRequest.get("/\(number)"))
                #expect(try await connection.readResponse().bodyText == "GET /\(number)")
            }
        }
    }

    @Test func aPlaceFreedByAClosedConnectionIsGivenToTheNext() async throws {
        try await withServer(.testing(maxConnections: 2), responder: echoResponder) { server in
            let first = try await server.connect()
            let second = try await server.connect()
            try await second.send(RawRequest.get("/second"))
            #expect(try await second.readResponse().status == 200)
            await first.close()
            // The server learns of the close a moment later: retry until a new connection is kept.
            var served = false
            for _ in 0..<50 where !served {
                let next = try await server.connect()
                try? await next.send(RawRequest.get("/next"))
                served = (try? await next.steps { try $0.readResponse(timeout: .seconds(2)) })?.bodyText == "GET /next"
                if !served { try await Task.sleep(for: .milliseconds(50)) }
            }
            #expect(served)
        }
    }
}
