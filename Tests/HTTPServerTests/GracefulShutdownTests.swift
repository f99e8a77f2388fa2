import Foundation
import HTTPServer
import Logging
import ServiceLifecycle
import TestKit
import Testing

/// Over real sockets: the stop closes a real listener, which a test channel does not have. The tests order events
/// themselves (the responder says when it has the request and answers when the test lets it) and wait only for the
/// server's real loops (`eventually`, `BusyMachine.patience`); the one real timer is the shutdown timeout's own.
@Suite("Graceful stop: no new connections, requests in flight finish")
struct GracefulShutdownTests {
    /// Yields when a request reaches the responder.
    let started: AsyncStream<Void>
    let startedContinuation: AsyncStream<Void>.Continuation
    /// Holds the responder until the test finishes it, so that the stop is checked while a request is in flight.
    let release: AsyncStream<Void>
    let releaseContinuation: AsyncStream<Void>.Continuation

    /// A shutdown timeout far beyond `BusyMachine.patience`: a stop within that bound did not wait for it.
    static let configuration = {
        var configuration = HTTPServerConfiguration.testing()
        configuration.shutdownTimeout = .seconds(60)
        return configuration
    }()

    init() {
        (started, startedContinuation) = AsyncStream<Void>.makeStream()
        (release, releaseContinuation) = AsyncStream<Void>.makeStream()
    }

    /// Tells the test it has the request, and answers once the test ends `release`: the request is in flight for as
    /// long as the test says, with no wait of its own.
    var slowResponder: ClosureResponder {
        ClosureResponder { [startedContinuation, release] request in
            startedContinuation.yield()
            for await _ in release {}
            return .text("finished \(request.path)")
        }
    }

    /// Starts `run`, sends a slow request, calls `stop` once the responder has it, and checks that the request
    /// is answered in full, that new connections are refused, and that `run` returns soon.
    private func expectGracefulStop(
        of server: HTTPServer,
        running run: @escaping @Sendable () async throws -> Void,
        stop: (inout ThrowingTaskGroup<Void, any Error>) async -> Void
    ) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            // Before the group waits for `run` even when the test fails: the stop waits for the held request.
            defer { releaseContinuation.finish() }
            group.addTask { try await run() }
            let port = try await server.localAddress.port!
            let connection = try await RawConnection.connect(port: port)
            try await connection.send(RawRequest.get("/in-flight"))
            for await _ in started { break }

            let stopping = ContinuousClock.now
            await stop(&group)
            #expect(await RawConnection.isRefused(port: port, within: BusyMachine.patience))
            releaseContinuation.finish()

            let response = try await connection.readResponse()
            #expect(response.status == 200)
            #expect(response.bodyText == "finished /in-flight")
            #expect(response.header("Connection") == "close")
            #expect(try await connection.waitForClose(timeout: BusyMachine.patience))

            try await group.next()
            #expect(ContinuousClock.now - stopping < BusyMachine.patience)
            await #expect(throws: RawConnection.Failure.connect(errno: ECONNREFUSED)) {
                try await RawConnection.connect(port: port)
            }
            await connection.close()
        }
    }

    @Test func cancellingRunLetsTheRequestInFlightFinish() async throws {
        let server = HTTPServer(configuration: Self.configuration, responder: slowResponder, logger: .silent)
        try await expectGracefulStop(of: server, running: { try await server.run() }) { group in
            group.cancelAll()
        }
    }

    @Test func aServiceGroupGracefulShutdownLetsTheRequestInFlightFinish() async throws {
        let server = HTTPServer(configuration: Self.configuration, responder: slowResponder, logger: .silent)
        let services = ServiceGroup(configuration: .init(services: [server], logger: .silent))
        try await expectGracefulStop(of: server, running: { try await services.run() }) { _ in
            await services.triggerGracefulShutdown()
        }
    }

    /// The shutdown timeout runs on the real server's loop (only a real one can listen), so this test waits for it
    /// to pass, 300 ms of wall clock: the one deadline here that is measured, not ordered.
    @Test func aRequestOutlivingTheShutdownTimeoutDoesNotHoldUpTheStop() async throws {
        var configuration = HTTPServerConfiguration.testing()
        configuration.shutdownTimeout = .milliseconds(300)
        let server = HTTPServer(configuration: configuration, responder: slowResponder, logger: .silent)
        try await withThrowingTaskGroup(of: Void.self) { group in
            defer { releaseContinuation.finish() }
            group.addTask { try await server.run() }
            let connection = try await RawConnection.connect(port: try await server.localAddress.port!)
            try await connection.send(RawRequest.get("/endless"))
            for await _ in started { break }

            let stopping = ContinuousClock.now
            group.cancelAll()
            try await group.next()
            let elapsed = ContinuousClock.now - stopping
            #expect(elapsed >= .milliseconds(300))
            #expect(elapsed < BusyMachine.patience)
            await connection.close()
        }
    }

    @Test func stoppingClosesIdleKeepAliveConnectionsAtOnce() async throws {
        let server = HTTPServer(configuration: Self.configuration, responder: echoResponder, logger: .silent)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await server.run() }
            let connection = try await RawConnection.connect(port: try await server.localAddress.port!)
            try await connection.send(RawRequest.get("/a"))
            #expect(try await connection.readResponse().status == 200)

            let stopping = ContinuousClock.now
            group.cancelAll()
            #expect(try await connection.waitForClose(timeout: BusyMachine.patience))
            try await group.next()
            #expect(ContinuousClock.now - stopping < BusyMachine.patience)
            await connection.close()
        }
    }

    @Test func aServerWithoutConnectionsStopsAtOnce() async throws {
        let server = HTTPServer(configuration: Self.configuration, responder: echoResponder, logger: .silent)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await server.run() }
            _ = try await server.localAddress
            let stopping = ContinuousClock.now
            group.cancelAll()
            try await group.next()
            #expect(ContinuousClock.now - stopping < BusyMachine.patience)
        }
    }
}
