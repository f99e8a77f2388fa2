import Foundation
import TestKit

/// A plain TCP client for talking to the server byte by byte: it sends whatever it is given (pipelined
/// requests, malformed lines, trickled heads) and reads responses or the server closing the connection.
///
/// Its blocking socket runs on a dispatch queue of its own, never on the cooperative pool. Tests that time
/// the server use `steps`, which runs a whole sequence there: a busy pool (other tests hashing passwords, say)
/// can then neither stretch the client's pauses nor delay its measurements.
final class RawConnection: @unchecked Sendable {
    typealias Failure = BlockingSocket.Failure

    /// Touched only on `queue`.
    private let socket: BlockingSocket
    private let queue: DispatchQueue

    private init(socket: BlockingSocket, queue: DispatchQueue) {
        self.socket = socket
        self.queue = queue
    }

    /// Connects to `127.0.0.1:port`; throws `.connect(errno: ECONNREFUSED)` when nobody listens.
    static func connect(port: Int) async throws -> RawConnection {
        try await connect(port: port) { _ in }.connection
    }

    /// Connects and runs `body` with the blocking socket at once, with no hop to the cooperative pool in between
    /// (a server with a short request-head timeout must get its bytes soon).
    static func connect<T: Sendable>(
        port: Int,
        then body: @escaping @Sendable (BlockingSocket) throws -> T
    ) async throws -> (connection: RawConnection, result: T) {
        let queue = DispatchQueue(label: "RawConnection")
        return try await withCheckedThrowingContinuation { continuation in
            queue.async {
                continuation.resume(
                    with: Result {
                        let socket = try BlockingSocket(port: port)
                        let result = try body(socket)
                        return (RawConnection(socket: socket, queue: queue), result)
                    }
                )
            }
        }
    }

    /// Whether connecting to `port` is refused, trying again until `timeout` passes (a server that is
    /// stopping closes its listening socket soon, not at once). Only `ECONNREFUSED` counts; any other failure (a
    /// machine busy with the whole suite once gave one mid-stop) is tried again like a connection that succeeded.
    static func isRefused(port: Int, within timeout: Duration) async -> Bool {
        await eventually(within: timeout) {
            do {
                try await connect(port: port).close()
            } catch Failure.connect(errno: ECONNREFUSED) {
                return true
            } catch {}
            return false
        }
    }

    /// Runs `body` with the blocking socket on the connection's own thread.
    func steps<T: Sendable>(_ body: @escaping @Sendable (BlockingSocket) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try body(self.socket) }) }
        }
    }

    /// Sends `text` as it is (use `\r\n` for line ends).
    func send(_ text: String) async throws {
        try await steps { try $0.send(text) }
    }

    /// Sends bytes as they are, also ones that are not UTF-8.
    func send(bytes: [UInt8]) async throws {
        try await steps { try $0.send(bytes: bytes) }
    }

    /// Reads one complete response; `toHEAD` says it answers a `HEAD` request (a head without a body).
    func readResponse(toHEAD: Bool = false) async throws -> RawResponse {
        try await steps { try $0.readResponse(toHEAD: toHEAD) }
    }

    /// Reads `count` complete responses, in the order the server sent them.
    func readResponses(_ count: Int, toHEAD: Bool = false) async throws -> [RawResponse] {
        try await steps { try $0.readResponses(count, toHEAD: toHEAD) }
    }

    /// Whether the server closes the connection within `timeout`.
    func waitForClose(timeout: Duration) async throws -> Bool {
        try await steps { try $0.waitForClose(timeout: timeout) }
    }

    /// Bytes received but not parsed as a response (after `waitForClose`, everything the server sent).
    func unparsedBytes() async throws -> [UInt8] {
        try await steps { $0.received }
    }

    func close() async {
        _ = try? await steps { $0.close() }
    }
}
