import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Many raw TCP connections to one port at once, held by one thread: what a slowloris attacker or a flood of idle
/// sockets looks like to the server. Non-blocking sockets and `poll`, so ten thousand cost no threads.
///
/// Unchecked `Sendable`: a test hands it from step to step (`onOwnThread`), one step at a time, never two at once.
final class SocketSwarm: @unchecked Sendable {
    private(set) var sockets: [Int32] = []

    /// Opens `count` connections to `127.0.0.1:port` without waiting for each to complete; `receiveBufferBytes`
    /// shrinks each socket's receive buffer (and so the window the server may fill).
    init(count: Int, port: Int, receiveBufferBytes: Int32? = nil) throws {
        sockets.reserveCapacity(count)
        for _ in 0..<count {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard fd >= 0 else { throw SocketSwarmError.noSocket(errno: errno, opened: sockets.count) }
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            if var size = receiveBufferBytes {
                setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
            }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard result == 0 || errno == EINPROGRESS else {
                close(fd)
                throw SocketSwarmError.noConnection(errno: errno, opened: sockets.count)
            }
            sockets.append(fd)
        }
    }

    deinit { closeAll() }

    /// How many connections are established and not closed by the server, waiting up to `timeout` for them all.
    func establishedCount(within timeout: Duration) -> Int {
        let deadline = ContinuousClock.now + timeout
        var established = 0
        repeat {
            established =
                poll(events: Int16(POLLOUT)).filter { revents in
                    revents & Int16(POLLOUT) != 0 && revents & Int16(POLLERR | POLLHUP) == 0
                }.count
            if established == sockets.count { break }
            Thread.sleep(forTimeInterval: 0.1)
        } while ContinuousClock.now < deadline
        return established
    }

    /// How many connections the server has closed (end of stream, reset or error), after reading what it sent.
    func closedCount() -> Int {
        var closed = 0
        var buffer = [UInt8](repeating: 0, count: 4096)
        for fd in sockets {
            var revents: Int16 = 0
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            if Glibc.poll(&descriptor, 1, 0) > 0 { revents = descriptor.revents }
            if revents & Int16(POLLERR | POLLHUP) != 0 {
                closed += 1
                continue
            }
            guard revents & Int16(POLLIN) != 0 else { continue }
            while true {
                let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                if count > 0 { continue }
                if count == 0 || (errno != EAGAIN && errno != EWOULDBLOCK) { closed += 1 }
                break
            }
        }
        return closed
    }

    /// Sends `bytes` on every connection (ignoring the ones the server has closed).
    func send(_ bytes: [UInt8]) {
        for fd in sockets {
            _ = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        }
    }

    func closeAll() {
        for fd in sockets { close(fd) }
        sockets.removeAll()
    }

    private func poll(events: Int16) -> [Int16] {
        var descriptors = sockets.map { pollfd(fd: $0, events: events, revents: 0) }
        _ = Glibc.poll(&descriptors, nfds_t(descriptors.count), 0)
        return descriptors.map(\.revents)
    }
}

enum SocketSwarmError: Error {
    case noSocket(errno: Int32, opened: Int)
    case noConnection(errno: Int32, opened: Int)
}
