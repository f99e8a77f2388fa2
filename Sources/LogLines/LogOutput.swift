import NIOPosix
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where Koober's log lines go: a file descriptor (standard output by default), written by a thread of its own.
///
/// Logging never makes the caller wait, whatever the reader of the descriptor does: `append` only adds the line to a
/// buffer, under a lock held for that alone, and the writer thread — the only one that ever writes — writes whatever
/// has gathered in one `write`. Under load that is many lines per system call, and no event loop ever waits for a
/// slow terminal or pipe. (Errors used to be written by the caller before `append` returned; with a pipe nobody read,
/// that made the event loop wait forever for the blocked writer, and the server stopped answering.)
///
/// - If the reader stops reading, the writer blocks in `write` (or, on a non-blocking descriptor, sleeps in `poll`
///   until it can write: it never spins) and lines gather. Once `capacity` bytes wait, new lines are dropped rather
///   than memory growing without bound; errors (`urgent`) have `errorReserve` bytes more, so the line that explains a
///   failure is kept while ordinary ones are dropped. Dropped lines are counted, and the count is written as a
///   warning before the next line that is kept (or by `flush`): `… warning: 12 log lines dropped: nothing read them`.
/// - `flush()` waits, for a bounded time, until what was appended has been written: call it before the process
///   exits. It never hangs on a stalled reader.
public final class LogOutput: Sendable {
    /// Koober's standard output.
    public static let standardOutput = LogOutput(fileDescriptor: STDOUT_FILENO)

    private struct State {
        var pending: [UInt8] = []
        var writerScheduled = false
        var dropped = 0
        /// Lines dropped since the output was made, for the metrics.
        var droppedEver = 0
        /// The format of the last line, in which `flush` reports lines dropped after it.
        var format = LogFormat.text
        /// Bytes ever queued, and bytes the writer has finished with (written, or lost to a failing descriptor):
        /// `flush` waits for the second to reach what the first was when it was called.
        var queued = 0
        var finished = 0
        var timestamp = LogTimestamp()

        /// Queues `line`, first reporting the lines dropped before it.
        mutating func queue(_ line: String, in format: LogFormat) {
            reportDropped(in: format)
            queueLine(line, in: format)
            self.format = format
        }

        /// Queues the count of lines dropped since the last report, if any were.
        mutating func reportDropped(in format: LogFormat) {
            guard dropped > 0 else { return }
            let message = "\(dropped) log lines dropped: nothing read them"
            dropped = 0
            queueLine(format.line(level: .warning, label: nil, message: message, metadata: []), in: format)
        }

        private mutating func queueLine(_ line: String, in format: LogFormat) {
            let start = pending.count
            format.appendStart(timestamp: timestamp.now(), to: &pending)
            pending.append(contentsOf: line.utf8)
            pending.append(UInt8(ascii: "\n"))
            queued += pending.count - start
        }

        /// Whether the caller must start the writer: there is something to write and no writer is on its way.
        mutating func needsWriter() -> Bool {
            guard !pending.isEmpty, !writerScheduled else { return false }
            writerScheduled = true
            return true
        }
    }

    private static let gatheringMicroseconds: UInt32 = 10_000
    private let fileDescriptor: Int32
    private let capacity: Int
    private let errorReserve: Int
    private let state = Mutex(State())
    private let writer: NIOThreadPool
    /// How many times the writer called `write` or `poll`: a test's proof that it does not spin on a full descriptor.
    let systemCalls = Atomic(0)

    /// - Parameters:
    ///   - fileDescriptor: an open descriptor, left open; blocking or not.
    ///   - capacity: the most bytes of ordinary lines kept waiting for a reader that does not read.
    ///   - errorReserve: how many bytes more errors may take, so that they are kept while other lines are dropped.
    public init(fileDescriptor: Int32, capacity: Int = 4 << 20, errorReserve: Int = 256 << 10) {
        self.fileDescriptor = fileDescriptor
        self.capacity = capacity
        self.errorReserve = errorReserve
        writer = NIOThreadPool(numberOfThreads: 1)
        writer.start()
    }

    /// How many lines were dropped since the output was made (the metrics' `koober_log_lines_dropped_total`).
    public var droppedLineCount: Int {
        state.withLock { $0.droppedEver }
    }

    /// Queues one line to be written soon: the current time (`2026-11-23T13:12:00Z`), `line` and a newline.
    ///
    /// - Parameters:
    ///   - line: the line after the time, in `format` (`LogFormat.line`); plain text for the default format.
    ///   - urgent: an error: it may use the reserve. It is written like every other line, never by the caller.
    func append(_ line: String, in format: LogFormat = .text, urgent: Bool = false) {
        let startWriter = state.withLock { state in
            guard state.pending.count < capacity + (urgent ? errorReserve : 0) else {
                state.dropped += 1
                state.droppedEver += 1
                return false
            }
            state.queue(line, in: format)
            return state.needsWriter()
        }
        if startWriter { startWriting(gathering: true) }
    }

    /// Waits until every line appended before the call has been written, and the count of lines dropped with them,
    /// or until `timeout` has passed (a reader that does not read must not keep the process from exiting).
    ///
    /// - Returns: whether everything was written in time.
    @discardableResult
    public func flush(timeout: Duration = .seconds(1)) -> Bool {
        let (target, startWriter) = state.withLock { state in
            state.reportDropped(in: state.format)
            return (state.queued, state.needsWriter())
        }
        if startWriter { startWriting(gathering: false) }
        let deadline = ContinuousClock.now + timeout
        while state.withLock({ $0.finished < target }) {
            guard ContinuousClock.now < deadline else { return false }
            usleep(1_000)
        }
        return true
    }

    private func startWriting(gathering: Bool) {
        writer.submit { _ in
            // Gathers lines for a moment first: one write, and one wake-up of this thread, per batch.
            if gathering { usleep(Self.gatheringMicroseconds) }
            let bytes = self.state.withLock { state in
                state.writerScheduled = false
                defer { state.pending.removeAll(keepingCapacity: false) }
                return state.pending
            }
            self.writeAll(bytes)
            self.state.withLock { $0.finished += bytes.count }
        }
    }

    /// Writes `bytes`, waiting as long as the descriptor needs: only the writer thread calls this.
    private func writeAll(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                systemCalls.add(1, ordering: .relaxed)
                let written = write(fileDescriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0, errno == EINTR {
                    continue
                } else if written < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                    // A non-blocking descriptor that is full: sleep until it takes more, rather than try again at once.
                    var ready = pollfd(fd: fileDescriptor, events: Int16(POLLOUT), revents: 0)
                    systemCalls.add(1, ordering: .relaxed)
                    if poll(&ready, 1, -1) < 0, errno != EINTR { return }
                    if ready.revents & Int16(POLLERR | POLLNVAL) != 0 { return }
                } else {
                    return  // a closed or failing descriptor: the lines have nowhere to go
                }
            }
        }
    }
}
