import HTTPServer
import NIOCore
import Synchronization
import TestKit
import Testing

/// Responses written over time (`ResponseBodyStream`), as the ride's Server-Sent Events are.
@Suite struct StreamingResponseTests {
    /// A stream that writes `chunk` whenever the connection takes more, and counts what happens to it.
    final class Flood: ResponseBodyStream {
        struct Counts {
            var started = 0
            var closed = 0
            var written = 0
        }

        let counts = Mutex(Counts())
        let chunk = ByteBuffer(repeating: UInt8(ascii: "e"), count: 16 << 10)

        func start(writer: ResponseBodyWriter) {
            counts.withLock { $0.started += 1 }
            fill(writer)
        }

        func writabilityChanged(writer: ResponseBodyWriter) {
            fill(writer)
        }

        func closed() {
            counts.withLock { $0.closed += 1 }
        }

        private func fill(_ writer: ResponseBodyWriter) {
            while writer.isWritable {
                writer.write(chunk)
                counts.withLock { $0.written += chunk.readableBytes }
            }
        }
    }

    private func streaming(_ stream: Flood) -> ClosureResponder {
        ClosureResponder { _ in
            var response = Response(headers: ["Content-Type": "text/event-stream"])
            response.bodyStream = stream
            return response
        }
    }

    @Test func aClientThatStopsReadingAStreamIsClosedAtTheClientReadDeadlineWithLittleQueued() async throws {
        let stream = Flood()
        var configuration = HTTPServerConfiguration.testing()
        configuration.clientReadTimeout = .seconds(1)
        try await withServer(configuration, responder: streaming(stream)) { server in
            let connection = try await server.connect()
            try await connection.send(RawRequest.get("/events"))
            // Never reads (waiting for the close would read): the stream may only fill what the sockets and NIO's
            // high-water mark hold, and the server gives up on the client at the deadline.
            #expect(try await eventually { stream.counts.withLock { $0.closed } == 1 })
            await connection.close()
        }
        let counts = stream.counts.withLock { $0 }
        #expect(counts.started == 1)
        #expect(counts.written < 16 << 20, "\(counts.written) bytes written for a client that read none")
    }

    @Test func aHeadRequestGetsTheHeadAndTheStreamIsClosedWithoutStarting() async throws {
        let stream = Flood()
        try await withServer(responder: streaming(stream)) { server in
            let connection = try await server.connect()
            try await connection.send(RawRequest.head("/events"))
            let response = try await connection.readResponse(toHEAD: true)
            #expect(response.status == 200)
            #expect(try await eventually { stream.counts.withLock { $0.closed } == 1 })
        }
        #expect(stream.counts.withLock { $0.started } == 0)
    }

    /// The server ends the streams itself, not the grace period's end: here that is a minute, so waiting for it shows.
    @Test func aStoppingServerEndsItsOpenStreamsAtOnce() async throws {
        let stream = Flood()
        var configuration = HTTPServerConfiguration.testing()
        configuration.shutdownTimeout = .seconds(60)
        let server = HTTPServer(
            configuration: configuration,
            responder: ClosureResponder { _ in
                var response = Response(headers: ["Content-Type": "text/event-stream"])
                response.bodyStream = QuietStream(closed: stream)
                return response
            }, logger: .silent)
        let running = Task { try await server.run() }
        let port = try #require(try await server.localAddress.port)
        var connections: [RawConnection] = []
        for _ in 0..<20 {
            let connection = try await RawConnection.connect(port: port)
            try await connection.send(RawRequest.get("/events"))
            connections.append(connection)
        }
        #expect(try await eventually { server.openStreamCount == 20 })
        let stopping = ContinuousClock.now
        running.cancel()
        _ = try? await running.value
        #expect(ContinuousClock.now - stopping < BusyMachine.patience)
        #expect(stream.counts.withLock { $0.closed } == 20)
        for connection in connections { await connection.close() }
    }

    /// A stream that writes nothing after its head: it ends only when the server ends it.
    final class QuietStream: ResponseBodyStream {
        let closedInto: Flood
        init(closed: Flood) { closedInto = closed }
        func start(writer: ResponseBodyWriter) {}
        func writabilityChanged(writer: ResponseBodyWriter) {}
        func closed() { closedInto.closed() }
    }
}
