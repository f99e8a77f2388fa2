import CoreMetrics
import HTTPServer
import Synchronization

/// The metrics read from their sources when Prometheus scrapes, rather than counted as they happen: what other parts
/// keep as plain numbers (lines the log dropped).
final class MetricsCollector: Sendable {
    private let log: LogOutput
    private let droppedLogLines = Counter(label: "koober_log_lines_dropped_total")
    private let reportedDrops = Mutex(0)

    /// Make it after `MetricsSystem.bootstrap`: swift-metrics handles made before it report nowhere.
    init(log: LogOutput) {
        self.log = log
    }

    /// Brings the metrics up to date.
    func collect() {
        let dropped = log.droppedLineCount
        let increase = reportedDrops.withLock { reported in
            defer { reported = max(reported, dropped) }
            return dropped - reported
        }
        if increase > 0 { droppedLogLines.increment(by: increase) }
    }
}
