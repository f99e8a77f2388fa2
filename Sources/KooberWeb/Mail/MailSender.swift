import Foundation
import KooberKit
import Logging
import MailDelivery
import ServiceLifecycle
import Synchronization
import Timekeeping

/// Koober's mail sender, one per process, as a service: it claims the messages due in the outbox, composes them
/// (`MailComposer`), sends them as one batch (`MailTransport`: one SMTP connection, or the mail folder), and settles
/// each: sent ones leave the outbox, ones that failed for now are tried again with backoff, ones refused for good or
/// older than a day are given up and logged. No request waits on it.
///
/// It keeps nothing that is not stored: a claimed message is leased, so a process that dies with it in hand loses
/// nothing (the message goes again after the lease, with the same `Message-ID`), and with several processes on
/// PostgreSQL each message is claimed by one at a time. It looks when the next try is due, and at least every
/// `pollInterval` (a message queued by any process goes within about that).
public final class MailSender: Service {
    private let outbox: any MailOutbox
    private let composer: MailComposer
    private let transport: any MailTransport
    private let clock: any AppClock
    private let policy: MailSendingPolicy
    private let logger: Logger
    /// Rung at a graceful stop, to end the sleep between looks.
    private let alarm = WakeUpAlarm()
    private let tally = Mutex(MailSenderCounts())

    public init(
        outbox: any MailOutbox, composer: MailComposer, transport: any MailTransport, clock: any AppClock,
        policy: MailSendingPolicy = MailSendingPolicy(), logger: Logger
    ) {
        self.outbox = outbox
        self.composer = composer
        self.transport = transport
        self.clock = clock
        self.policy = policy
        self.logger = logger
    }

    /// What it has done, and the outbox as it last looked.
    public var counts: MailSenderCounts {
        tally.withLock { $0 }
    }

    public func run() async throws {
        await withGracefulShutdownHandler {
            while !Task.isCancelled && !Task.isShuttingDownGracefully {
                let nextDue = await runUntilIdleLogged()
                await alarm.sleep(for: wait(until: nextDue), on: clock)
            }
        } onGracefulShutdown: {
            self.alarm.ring()
        }
    }

    private func wait(until nextDue: Date?) -> Duration {
        guard let nextDue else { return policy.pollInterval }
        let seconds = nextDue.timeIntervalSince(clock.now)
        guard seconds > 0 else { return .zero }
        return min(.milliseconds(Int64(min(seconds, 3_600) * 1000)), policy.pollInterval)
    }

    private func runUntilIdleLogged() async -> Date? {
        do {
            while !Task.isShuttingDownGracefully {
                let started = clock.now
                guard try await runOnce() == policy.batchSize else { break }
                // A backlog: rest in proportion to the batch, so that requests keep most of the cores.
                let worked = clock.now.timeIntervalSince(started)
                await alarm.sleep(for: .milliseconds(Int64(worked * policy.restAfterFullBatch * 1000)), on: clock)
            }
            let status = try await outbox.status()
            tally.withLock {
                $0.queued = status.queued
                $0.oldestQueuedAt = status.oldestQueuedAt
            }
            return try await outbox.nextAttemptTime()
        } catch {
            logger.error("The mail sender could not run: \(error)")
            return nil
        }
    }

    /// One batch: claims what is due, sends it, settles each message. Returns how many were claimed. Tests call it.
    @discardableResult
    public func runOnce() async throws -> Int {
        let now = clock.now
        let entries = try await outbox.claimDue(
            at: now, limit: policy.batchSize, leaseUntil: now + policy.lease)
        guard !entries.isEmpty else { return 0 }
        var composed: [(entry: OutboxEntry, message: MailMessage)] = []
        for entry in entries {
            if let message = try await composer.compose(entry) {
                composed.append((entry, message))
            } else {
                logger.info("Mail \(entry.mail.kind.rawValue) \(entry.id) has nothing left to say; dropped")
                try await outbox.giveUp(id: entry.id)
            }
        }
        let results = await transport.send(composed.map(\.message))
        let settled = zip(composed.map(\.entry), results)
        let sent = settled.filter { $0.1 == .delivered }.map(\.0.id)
        // The batch's sent messages leave first, in one write: between the relay's acceptance and this write is the
        // one window in which a dying sender makes a duplicate (sent again after the lease, same Message-ID).
        try await outbox.markSent(ids: sent)
        tally.withLock { $0.sent += sent.count }
        for (entry, result) in settled where result != .delivered {
            try await settle(entry, result)
        }
        return entries.count
    }

    /// A message that was not sent: tried again later, or given up.
    private func settle(_ entry: OutboxEntry, _ result: MailDeliveryResult) async throws {
        let now = clock.now
        switch result {
        case .delivered:
            return  // left the outbox with its batch (`runOnce`)
        case .retryLater(let reason) where now.timeIntervalSince(entry.queuedAt) < policy.giveUpAfter:
            let next = now + policy.wait(afterAttempts: entry.attempts)
            try await outbox.retry(id: entry.id, at: next)
            tally.withLock { $0.retried += 1 }
            logger.warning(
                "Mail \(entry.mail.kind.rawValue) \(entry.id) not sent (try \(entry.attempts)): \(reason); next try at \(next)"
            )
        case .retryLater(let reason), .rejected(let reason):
            try await outbox.giveUp(id: entry.id)
            tally.withLock { $0.failed += 1 }
            logger.error(
                "Mail \(entry.mail.kind.rawValue) \(entry.id) given up after \(entry.attempts) tries: \(reason)")
        }
    }
}
