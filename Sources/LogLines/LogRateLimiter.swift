import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Lets at most `linesPerSecond` log lines of each kind through per second, and counts the rest: for lines that a
/// client can cause at will (a request refused by the parser, say), so that a flood of garbage cannot flood the log.
///
/// ```swift
/// let refusals = LogRateLimiter<UInt>(linesPerSecond: 10)   // one per process or server, shared by every loop
///
/// if let suppressed = refusals.admit(400) {
///     var metadata: Logger.Metadata = ["request_id": "\(id)"]
///     if suppressed > 0 { metadata["suppressed"] = "\(suppressed)" }
///     logger.info("Refused a malformed request (400)", metadata: metadata)
/// }
/// ```
///
/// - `admit(_:)` answers `nil` when the line must not be logged (and counts it), or the number of lines of that kind
///   suppressed since the last one admitted, which that line should report: nothing is lost silently, and one line
///   per second per kind at most carries the count.
/// - Seconds are whole seconds of the monotonic clock: up to `linesPerSecond` lines in each, whichever moment in it
///   they come (a burst at the end of one second and the start of the next may let twice as many through).
/// - Thread-safe and cheap: one `Mutex` held for a dictionary lookup; no allocation once a kind has been seen.
/// - `Kind` is a small fixed set the code chooses (a status code, an enum): never something from the request, since
///   every kind ever seen is remembered.
public final class LogRateLimiter<Kind: Hashable & Sendable>: Sendable {
    /// One kind's current second: how many lines it admitted, and how many it suppressed since the last admitted.
    private struct Window {
        var second: Int
        var admitted = 0
        var suppressed = 0

        mutating func admit(at now: Int, limit: Int) -> Int? {
            if second != now {
                second = now
                admitted = 0
            }
            guard admitted < limit else {
                suppressed += 1
                return nil
            }
            admitted += 1
            defer { suppressed = 0 }
            return suppressed
        }
    }

    private let linesPerSecond: Int
    private let currentSecond: @Sendable () -> Int
    private let windows = Mutex<[Kind: Window]>([:])

    /// - Parameters:
    ///   - linesPerSecond: the most lines of one kind admitted in one second; at least 1.
    ///   - currentSecond: the clock, in whole seconds (tests pass their own); the monotonic clock by default.
    public init(linesPerSecond: Int, currentSecond: @escaping @Sendable () -> Int = LogRateLimiter.monotonicSecond) {
        precondition(linesPerSecond >= 1, "a rate limiter that admits nothing would hide everything")
        self.linesPerSecond = linesPerSecond
        self.currentSecond = currentSecond
    }

    /// Whether a line of `kind` may be logged now: `nil` if not (it is counted), else how many lines of that kind were
    /// suppressed since the last one admitted (usually 0).
    public func admit(_ kind: Kind) -> Int? {
        let now = currentSecond()
        return windows.withLock { windows in
            windows[kind, default: Window(second: now)].admit(at: now, limit: linesPerSecond)
        }
    }

    /// The whole seconds of the monotonic clock (`CLOCK_MONOTONIC`), which a change of the wall clock does not move.
    public static func monotonicSecond() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int(now.tv_sec)
    }
}
