import HTTPServer
import TestKit
import Testing

/// Over real sockets: the limit counts the connections the kernel hands the server, which only a real listener has.
@Suite("The connection limit")
struct ConnectionLimitTests {
    @Test func connectionsBeyondTheLimitAreClosedAtOnceAndTheOthersAreServed() async throws {
        try await withServer(.testing(maxConnections: 3), responder: echoResponder) { server in
            let held = [try await server.connect(), try await server.connect(), try await server.connect()]
            // A connection that was answered is one the server has accepted and counted.
            for (number, connection) in held.enumerated() {
                try await connection.send(RawRequest.get("/\(number)"))
                #expect(try await connection.readResponse().bodyText == "GET /\(number)")
            }
            let beyond = try await server.connect()
            #expect(try await beyond.waitForClose(timeout: BusyMachine.patience))
            for (number, connection) in held.enumerated() {
                try await connection.send(RawRequest.get("/again/\(number)"))
                #expect(try await connection.readResponse().bodyText == "GET /again/\(number)")
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
            // The server learns of the close a moment later: a new connection is closed at once until it has.
            let served = await eventually {
                let next = try? await server.connect()
                try? await next?.send(RawRequest.get("/next"))
                let response = try? await next?.steps { try $0.readResponse(timeout: BusyMachine.patience) }
                return response?.bodyText == "GET /next"
            }
            #expect(served)
        }
    }
}
