import Foundation
import TestKit

#if canImport(Glibc)
    import Glibc
    private let streamSocket = Int32(SOCK_STREAM.rawValue)
    private let sendFlags = Int32(MSG_NOSIGNAL)
    /// `POLLRDHUP`: the peer shut its side (Linux, which the Glibc module leaves out).
    private let peerFinished = Int16(0x2000)
#elseif canImport(Darwin)
    import Darwin
    private let streamSocket = SOCK_STREAM
    private let sendFlags: Int32 = 0
    /// Darwin has no `POLLRDHUP`: data or the peer's FIN makes the socket readable.
    private let peerFinished = Int16(POLLIN)
#endif
private let hangUpOrError = Int16(POLLHUP | POLLERR)

/// A TCP client socket with blocking calls, each bounded by a deadline. Use it on one thread, never on the
/// cooperative pool: `RawConnection` runs it on a dispatch queue of its own.
final class BlockingSocket {
    enum Failure: Error, Equatable {
        case connect(errno: Int32)
        case send(errno: Int32)
        case timedOut
        case closedByServer
        case malformedResponse(String)
    }

    private let socket: Int32
    /// Read just before connecting, so before the server can accept the connection and start its timers: elapsed
    /// times measured from it never undercount a timeout, however long this thread waits for a core afterwards.
    let connectStarted: ContinuousClock.Instant
    /// Bytes received and not yet parsed as responses.
    private(set) var received: [UInt8] = []
    private var isOpen = true
    /// Whether the connection ended with a reset rather than the server's orderly close (FIN).
    private(set) var wasReset = false

    /// Connects to `127.0.0.1:port`; throws `.connect(errno: ECONNREFUSED)` when nobody listens.
    /// `receiveBufferBytes` shrinks the socket's receive buffer (and so the window the server may fill).
    init(port: Int, receiveBufferBytes: Int32? = nil) throws {
        socket = openSocket()
        guard socket >= 0 else { throw Failure.connect(errno: errno) }
        if var size = receiveBufferBytes {
            setsockopt(socket, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        connectStarted = .now
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connectSocket(socket, $0) }
        }
        guard result == 0 else {
            let error = errno
            close()
            throw Failure.connect(errno: error)
        }
    }

    deinit {
        close()
    }

    /// Sends `text` as it is (use `\r\n` for line ends).
    func send(_ text: String) throws {
        try send(bytes: Array(text.utf8))
    }

    /// Sends bytes as they are, also ones that are not UTF-8.
    func send(bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { sendBytes(socket, $0) }
            guard sent > 0 else { throw Failure.send(errno: errno) }
            offset += sent
        }
    }

    /// Reads `count` complete responses, in order; `toHEAD` says they answer `HEAD` requests (no bodies).
    func readResponses(_ count: Int, toHEAD: Bool = false, timeout: Duration = BusyMachine.patience) throws
        -> [RawResponse]
    {
        let deadline = ContinuousClock.now + timeout
        var responses: [RawResponse] = []
        while responses.count < count {
            if let (response, length) = try RawResponse.parse(received, toHEAD: toHEAD) {
                received.removeFirst(length)
                responses.append(response)
            } else if try !receiveMore(until: deadline) {
                throw Failure.closedByServer
            }
        }
        return responses
    }

    func readResponse(toHEAD: Bool = false, timeout: Duration = BusyMachine.patience) throws -> RawResponse {
        try readResponses(1, toHEAD: toHEAD, timeout: timeout)[0]
    }

    /// Waits until the server closes the connection (end of stream or reset): `true`, or `false` if it is
    /// still open after `timeout`. Bytes that arrive meanwhile are kept in `received`.
    func waitForClose(timeout: Duration) throws -> Bool {
        let deadline = ContinuousClock.now + timeout
        do {
            while try receiveMore(until: deadline) {}
            return true
        } catch Failure.timedOut {
            return false
        }
    }

    /// Waits, reading nothing, until the server has finished sending on this connection: it shut its side (FIN) or
    /// reset the connection. `false` if neither happened within `timeout`. A client that reads only then is one that
    /// wrote everything before it read, for whom an early close would have lost the answer.
    func waitUntilServerFinishesSending(timeout: Duration) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while true {
            let remaining = deadline - ContinuousClock.now
            guard remaining > .zero else { return false }
            let (seconds, attoseconds) = remaining.components
            let milliseconds = Int32(min(seconds * 1_000 + attoseconds / 1_000_000_000_000_000 + 1, 1_000))
            var watched = pollfd(fd: socket, events: peerFinished, revents: 0)
            if pollSocket(&watched, milliseconds) > 0, watched.revents & (peerFinished | hangUpOrError) != 0 {
                return true
            }
        }
    }

    func close() {
        guard isOpen else { return }
        isOpen = false
        _ = closeSocket(socket)
    }

    /// One `recv` into `received`: `false` at end of stream or reset, throws `.timedOut` after `deadline`.
    private func receiveMore(until deadline: ContinuousClock.Instant) throws -> Bool {
        while true {
            let remaining = deadline - ContinuousClock.now
            guard remaining > .zero else { throw Failure.timedOut }
            let (seconds, attoseconds) = remaining.components
            var timeout = timeval(tv_sec: .init(seconds), tv_usec: .init(max(1, attoseconds / 1_000_000_000_000)))
            setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            var chunk = [UInt8](repeating: 0, count: 64 * 1024)
            let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                received += chunk[..<count]
                return true
            }
            if count == 0 { return false }
            if errno == ECONNRESET {
                wasReset = true
                return false
            }
            guard errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR else { return false }
        }
    }
}

// The system calls, outside the class so that its `send` and `close` do not hide them.

private func openSocket() -> Int32 {
    socket(AF_INET, streamSocket, 0)
}

private func connectSocket(_ socket: Int32, _ address: UnsafePointer<sockaddr>) -> Int32 {
    connect(socket, address, socklen_t(MemoryLayout<sockaddr_in>.size))
}

private func sendBytes(_ socket: Int32, _ bytes: UnsafeRawBufferPointer) -> Int {
    send(socket, bytes.baseAddress, bytes.count, sendFlags)
}

private func pollSocket(_ watched: inout pollfd, _ milliseconds: Int32) -> Int32 {
    poll(&watched, 1, milliseconds)
}

private func closeSocket(_ socket: Int32) -> Int32 {
    close(socket)
}
