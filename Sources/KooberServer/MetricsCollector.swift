import CoreMetrics
import KooberApp
import KooberKit
import LogLines
import Synchronization

/// The metrics read from their sources when Prometheus scrapes, rather than counted as they happen: what other parts
/// keep as plain numbers, free of any metrics library (lines the log dropped, the hashing queue, the database's
/// pool waits).
final class MetricsCollector: Sendable {
    private let log: LogOutput
    private let hashQueue: BoundedPasswordHasher
    /// The database whose pool waits are reported (SQLite's).
    private let database: KooberDatabase
    private let droppedLogLines = CounterReport(label: "koober_log_lines_dropped_total")
    private let hashesShed = CounterReport(label: "koober_password_hash_shed_total")
    private let writerWaits = CounterReport(label: "koober_database_pool_waits_total", dimensions: [("pool", "writer")])
    private let readerWaits = CounterReport(
        label: "koober_database_pool_waits_total",
        dimensions: [("pool", "readers")]
    )
    private let hashQueueDepth = Gauge(label: "koober_password_hash_queue_depth")
    private let hashQueueCapacity = Gauge(label: "koober_password_hash_queue_capacity")

    /// Make it after `MetricsSystem.bootstrap`: swift-metrics handles made before it report nowhere.
    init(log: LogOutput, hashQueue: BoundedPasswordHasher, database: KooberDatabase) {
        self.log = log
        self.hashQueue = hashQueue
        self.database = database
    }

    /// Brings the metrics up to date.
    func collect() {
        droppedLogLines.report(total: log.droppedLineCount)
        hashesShed.report(total: hashQueue.shedCount)
        hashQueueDepth.record(hashQueue.depth)
        hashQueueCapacity.record(hashQueue.capacity)
        guard let waits = database.poolWaits else { return }
        writerWaits.report(total: waits.writer)
        readerWaits.report(total: waits.readers)
    }
}

/// A Prometheus counter fed from a running total kept elsewhere: each report adds what the total grew by.
private final class CounterReport: Sendable {
    private let counter: Counter
    private let reported = Mutex(0)

    init(label: String, dimensions: [(String, String)] = []) {
        counter = Counter(label: label, dimensions: dimensions)
    }

    func report(total: Int) {
        let increase = reported.withLock { reported in
            defer { reported = max(reported, total) }
            return total - reported
        }
        if increase > 0 { counter.increment(by: increase) }
    }
}
