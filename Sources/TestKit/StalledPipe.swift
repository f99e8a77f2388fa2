#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A pipe whose reader has stopped reading: it is filled when made, so a writer to `writeEnd` blocks in `write` (or,
/// when `blockingWrites` is false, gets `EAGAIN`) until the test calls `read(until:)` — standard output piped to a
/// process that hangs.
///
/// Let every writer finish (`LogOutput.flush`) before the pipe goes: it closes both ends.
public final class StalledPipe: Sendable {
    public let writeEnd: Int32
    private let readEnd: Int32
    /// The bytes written to fill it, which `read(until:)` leaves out.
    private let filler: Int

    public init(blockingWrites: Bool = true) throws {
        // A writer that outlives the test must get EPIPE, not a signal that ends the test process.
        signal(SIGPIPE, SIG_IGN)
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw Failure(errno: errno) }
        (readEnd, writeEnd) = (ends[0], ends[1])
        let flags = fcntl(writeEnd, F_GETFL)
        _ = fcntl(writeEnd, F_SETFL, flags | O_NONBLOCK)
        let dots = [UInt8](repeating: UInt8(ascii: "."), count: 4096)
        var filled = 0
        while true {
            let written = write(writeEnd, dots, dots.count)
            if written <= 0 { break }
            filled += written
        }
        filler = filled
        if blockingWrites { _ = fcntl(writeEnd, F_SETFL, flags) }
        _ = fcntl(readEnd, F_SETFL, fcntl(readEnd, F_GETFL) | O_NONBLOCK)
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }

    /// Starts reading: reads until what came after the filler satisfies `done`, or for `BusyMachine.patience`, and
    /// returns that text.
    public func read(until done: @Sendable (String) -> Bool) async -> String {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let deadline = ContinuousClock.now + BusyMachine.patience
        while ContinuousClock.now < deadline {
            let count = systemRead(readEnd, &buffer, buffer.count)
            if count > 0 {
                bytes += buffer[..<count]
                if bytes.count > filler, done(String(decoding: bytes.dropFirst(filler), as: UTF8.self)) { break }
            } else {
                try? await Task.sleep(for: .milliseconds(5))
            }
        }
        return String(decoding: bytes.dropFirst(filler), as: UTF8.self)
    }

    public struct Failure: Error {
        public let errno: Int32
    }
}

/// `read(2)`, out of reach of `StalledPipe.read(until:)`'s own name.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
