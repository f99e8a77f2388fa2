import Logging
import NIOCore
import Synchronization

/// Logs the requests the server refuses before the app sees them (400, 408, 413, 431, 501, 503): the status, why,
/// and the client's address, so an operator can see an attack that never reaches a route; and counts each in the
/// metrics by reason (`http_refused_total`), all of them, whatever the log left out.
///
/// A flood of garbage must not flood the log: at most `linesPerSecond` refusals are written each second, and the
/// first line after a busy second says how many were left out (`suppressed`).
package final class RefusalLog: Sendable {
    private let logger: Logger
    private let metrics: HTTPMetrics?
    private let linesPerSecond: Int
    private let window = Mutex((second: Int64(-1), written: 0, suppressed: 0))

    package init(logger: Logger, metrics: HTTPMetrics? = nil, linesPerSecond: Int = 20) {
        self.logger = logger
        self.metrics = metrics
        self.linesPerSecond = linesPerSecond
    }

    /// Logs one refusal. `message` is the access-log form (`POST /upload 413`) when the request head was read,
    /// `refused 400` when it was not.
    func refused(
        _ message: String, reason: String, peer: SocketAddress?, metadata: Logger.Metadata = [:]
    ) {
        metrics?.recordRefusal(reason: reason)
        guard let suppressed = admit() else { return }
        var metadata = metadata
        metadata["reason"] = .string(reason)
        metadata["peer"] = .string(peer?.ipAddress ?? "-")
        if suppressed > 0 { metadata["suppressed"] = .string(String(suppressed)) }
        logger.info("\(message)", metadata: metadata)
    }

    /// How many lines were left out before this one, or `nil` if this one is to be left out too.
    private func admit() -> Int? {
        let second = Int64(truncatingIfNeeded: NIODeadline.now().uptimeNanoseconds / 1_000_000_000)
        return window.withLock { window in
            if window.second != second {
                window.second = second
                window.written = 0
            }
            guard window.written < linesPerSecond else {
                window.suppressed += 1
                return nil
            }
            window.written += 1
            defer { window.suppressed = 0 }
            return window.suppressed
        }
    }
}
