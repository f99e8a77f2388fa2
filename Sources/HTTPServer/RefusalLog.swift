import LogLines
import Logging
import NIOCore
import NIOHTTP1

/// Logs the requests the server refuses before the app sees them (400, 408, 413, 431, 501, 503): the status, why,
/// and the client's address, so an operator can see an attack that never reaches a route; and counts each in the
/// metrics by reason (`http_refused_total`), all of them, whatever the log left out.
///
/// A flood of garbage must not flood the log: at most `linesPerSecond` refusals of each status are written each second
/// (`LogRateLimiter`), and the next line written says how many were left out (`suppressed`).
package final class RefusalLog: Sendable {
    private let logger: Logger
    private let metrics: HTTPMetrics?
    /// By status: a flood of one kind of garbage does not hide the others.
    private let limiter: LogRateLimiter<UInt>

    package init(logger: Logger, metrics: HTTPMetrics? = nil, linesPerSecond: Int = 20) {
        self.logger = logger
        self.metrics = metrics
        self.limiter = LogRateLimiter(linesPerSecond: linesPerSecond)
    }

    /// Logs one refusal. `message` is the access-log form (`POST /upload 413`) when the request head was read,
    /// `refused 400` when it was not.
    func refused(
        _ message: String,
        status: HTTPResponseStatus,
        reason: String,
        peer: SocketAddress?,
        metadata: Logger.Metadata = [:]
    ) {
        metrics?.recordRefusal(reason: reason)
        guard let suppressed = limiter.admit(status.code) else { return }
        var metadata = metadata
        metadata["reason"] = .string(reason)
        metadata["peer"] = .string(peer?.ipAddress ?? "-")
        if suppressed > 0 { metadata["suppressed"] = .string(String(suppressed)) }
        logger.info("\(message)", metadata: metadata)
    }
}
