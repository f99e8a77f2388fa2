import CoreMetrics
import KooberApp
import KooberKit
import KooberWeb
import LogLines
import Synchronization
import Timekeeping

/// The metrics read from their sources when Prometheus scrapes, rather than counted as they happen: what other parts
/// keep as plain numbers, free of any metrics library (lines the log dropped, the hashing queue, the database's
/// pool waits, the mail sender's counts).
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
    /// The mail sender's counts, and the outbox as it last looked (docs/deploy.md, "Mail").
    private let mailSender: MailSender
    private let clock: any AppClock
    private let mailSent = CounterReport(label: "koober_mail_sent_total")
    private let mailRetried = CounterReport(label: "koober_mail_retried_total")
    private let mailFailed = CounterReport(label: "koober_mail_failed_total")
    private let mailQueued = Gauge(label: "koober_mail_queued")
    private let mailOldestAge = Gauge(label: "koober_mail_oldest_age_seconds")

    /// Make it after `MetricsSystem.bootstrap`: swift-metrics handles made before it report nowhere.
    init(
        log: LogOutput, hashQueue: BoundedPasswordHasher, database: KooberDatabase, mailSender: MailSender,
        clock: any AppClock
    ) {
        self.log = log
        self.hashQueue = hashQueue
        self.database = database
        self.mailSender = mailSender
        self.clock = clock
    }

    /// Brings the metrics up to date.
    func collect() {
        droppedLogLines.report(total: log.droppedLineCount)
        hashesShed.report(total: hashQueue.shedCount)
        hashQueueDepth.record(hashQueue.depth)
        hashQueueCapacity.record(hashQueue.capacity)
        let mail = mailSender.counts
        mailSent.report(total: mail.sent)
        mailRetried.report(total: mail.retried)
        mailFailed.report(total: mail.failed)
        mailQueued.record(mail.queued)
        mailOldestAge.record(mail.oldestQueuedAt.map { max(0, clock.now.timeIntervalSince($0)) } ?? 0)
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
