#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NIOPosix
import Synchronization

/// Where Koober's log lines go: a file descriptor (standard output by default), written by a thread of its own.
///
/// A request only appends its line to a buffer; the writer thread writes whatever has gathered in one `write`.
/// Under load that is many lines per system call, and no event loop ever waits for a slow terminal or pipe.
///
/// - Errors and worse are written before `append` returns, with everything before them, so the line that explains
///   a crash is out before the crash.
/// - If the reader of the descriptor stops reading and `capacity` bytes are waiting, new lines other than errors are
///   dropped (and counted, and the count logged once writing resumes) rather than memory growing without bound.
/// - `flush()` writes what is waiting: call it before the process exits.
public final class LogOutput: Sendable {
    /// Koober's standard output.
    public static let standardOutput = LogOutput(fileDescriptor: STDOUT_FILENO)

    private struct State {
        var pending: [UInt8] = []
        var writerScheduled = false
        var dropped = 0
        var timestamp = Timestamp()
    }

    private static let gatheringMicroseconds: UInt32 = 10_000
    private let fileDescriptor: Int32
    private let capacity: Int
    private let state = Mutex(State())
    /// Held while writing, so that lines leave in the order they were appended.
    private let writing = Mutex(())
    private let writer: NIOThreadPool

    /// - Parameters:
    ///   - fileDescriptor: an open descriptor, left open.
    ///   - capacity: the most bytes kept waiting for a reader that does not read.
    public init(fileDescriptor: Int32, capacity: Int = 4 << 20) {
        self.fileDescriptor = fileDescriptor
        self.capacity = capacity
        writer = NIOThreadPool(numberOfThreads: 1)
        writer.start()
    }

    /// Appends one line, after the current time (`2026-11-23T13:12:00Z`), and a newline.
    public func append(_ line: String, urgent: Bool = false) {
        let scheduleWriter = state.withLock { state in
            guard urgent || state.pending.count < capacity else {
                state.dropped += 1
                return false
            }
            state.pending.append(contentsOf: state.timestamp.now().utf8)
            state.pending.append(UInt8(ascii: " "))
            state.pending.append(contentsOf: line.utf8)
            state.pending.append(UInt8(ascii: "\n"))
            guard !urgent, !state.writerScheduled else { return false }
            state.writerScheduled = true
            return true
        }
        if urgent {
            flush()
        } else if scheduleWriter {
            writer.submit { _ in
                // Gathers lines for a moment first: one write, and one wake-up of this thread, per batch.
                usleep(Self.gatheringMicroseconds)
                self.writePending()
            }
        }
    }

    /// Writes every line appended so far before it returns.
    public func flush() {
        writing.withLock { _ in
            let (bytes, dropped) = takePending()
            writeAll(bytes)
            if dropped > 0 {
                var clock = Timestamp()
                writeAll(Array("\(clock.now()) warning: \(dropped) log lines dropped: nothing read them\n".utf8))
            }
        }
    }

    private func writePending() {
        state.withLock { $0.writerScheduled = false }
        flush()
    }

    private func takePending() -> ([UInt8], Int) {
        state.withLock { state in
            defer {
                state.pending.removeAll(keepingCapacity: false)
                state.dropped = 0
            }
            return (state.pending, state.dropped)
        }
    }

    private func writeAll(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(fileDescriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0, errno == EINTR {
                    continue
                } else if written < 0, errno == EAGAIN {
                    // A non-blocking descriptor that is full: wait until it takes more.
                    var ready = pollfd(fd: fileDescriptor, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&ready, 1, -1)
                } else {
                    return  // a closed or failing descriptor: the lines have nowhere to go
                }
            }
        }
    }
}

/// The current second in ISO 8601, UTC, formatted once per second.
private struct Timestamp {
    private var second = -1
    private var text = ""

    mutating func now() -> String {
        let current = time(nil)
        if current != second {
            second = current
            var parts = tm()
            var seconds = time_t(current)
            gmtime_r(&seconds, &parts)
            let two: (Int32) -> String = HTTPDate.twoDigits
            text = "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T"
                + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
        }
        return text
    }
}
