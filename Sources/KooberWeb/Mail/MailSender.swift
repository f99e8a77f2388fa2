import Foundation
import KooberKit
import Logging
import MailDelivery
import ServiceLifecycle
import Synchronization
import Timekeeping

/// Koober's mail sender, one per process, as a service: it claims the messages due in the outbox, composes them
/// (`MailComposer`), sends them as one batch (`MailTransport`: one SMTP connection, or the mail folder), and settles
/// each as soon as the relay answers: a sent one leaves the outbox at once, one that failed for now is tried again
/// with backoff, one refused for good or older than a day is given up and logged. No request waits on it.
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
    /// How long the last batch took a message, relay and settling included (nil before the first).
    private let pace = Mutex<Duration?>(nil)

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
                // A backlog: rest in proportion to the batch, so that requests keep most of the cores (at most a
                // poll's wait: a batch that took long waited on a slow relay, not on the cores).
                let worked = Duration.seconds(clock.now.timeIntervalSince(started))
                let rest = min(worked * policy.restAfterFullBatch, .seconds(3_600))
                await alarm.sleep(for: min(rest, policy.pollInterval), on: clock)
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

    /// One batch: claims what is due, composes it, and sends it one message at a time, settling each as soon as the
    /// relay answers (a sent one leaves the outbox at once). No message starts later than `policy.batchDeadline` after
    /// the claim (the rest are put back, due at once, for any sender); the lease of the messages still to send is
    /// renewed as the batch goes on; and the transport gives up on a message still in hand `policy.leaseMargin` before
    /// its lease ends. So no message is being sent once its lease may have passed, and no other sender claims what
    /// this one is sending. Returns how many were claimed. Tests call it.
    @discardableResult
    public func runOnce() async throws -> Int {
        let claimedAt = clock.now
        var leaseEnd = claimedAt + policy.lease
        let entries = try await outbox.claimDue(at: claimedAt, limit: claimLimit, leaseUntil: leaseEnd)
        guard !entries.isEmpty else { return 0 }
        var composed: [(entry: OutboxEntry, message: MailMessage)] = []
        for entry in entries {
            if let message = try await composer.compose(entry) {
                composed.append((entry, message))
            } else {
                logger.info("Mail \(entry.mail.kind.rawValue) \(entry.id) has nothing left to say; dropped")
                try await outbox.giveUp(entry.claim)
            }
        }
        guard !composed.isEmpty else { return entries.count }
        var answered = 0
        var failure: (any Error)?
        await transport.send(composed.map(\.message), by: leaseEnd - policy.leaseMargin) { result in
            guard answered < composed.count else { return nil }  // a result for no message: nothing to settle
            let entry = composed[answered].entry
            answered += 1
            guard failure == nil else { return nil }
            do {
                // Between the relay's acceptance and this write is the one window in which a dying sender makes a
                // duplicate (sent again after the lease, with the same Message-ID).
                try await settle(entry, result)
                guard answered < composed.count, clock.now < claimedAt + policy.batchDeadline,
                    let renewed = try await renewedLease(leaseEnd, of: composed[answered...].map(\.entry.claim))
                else { return nil }
                leaseEnd = renewed
                return leaseEnd - policy.leaseMargin
            } catch {
                failure = error
                return nil
            }
        }
        // A settle that failed leaves the rest leased: they go again after the lease, nothing is lost.
        if let failure { throw failure }
        if answered > 0 { pace.withLock { $0 = .seconds(clock.now.timeIntervalSince(claimedAt)) / answered } }
        for (entry, _) in composed[answered...] {
            try await outbox.retry(entry.claim, at: clock.now)
        }
        return entries.count
    }

    /// How many to claim: a batch, or as many as the relay's last pace sends before the batch's deadline (at least
    /// one), so that a slow relay leaves the rest to the other processes' senders instead of holding them unsent.
    private var claimLimit: Int {
        guard let pace = pace.withLock({ $0 }), pace > .zero else { return policy.batchSize }
        return Int(min(max(policy.batchDeadline / pace, 1), Double(policy.batchSize)))
    }

    /// The lease's end for the messages still to send: renewed for all of them once `policy.renewAfter` has passed
    /// since it was set, or nil when a claim no longer holds (the batch stops; what it holds is put back).
    private func renewedLease(_ leaseEnd: Date, of claims: [OutboxClaim]) async throws -> Date? {
        let now = clock.now
        guard leaseEnd.timeIntervalSince(now) <= (policy.lease - policy.renewAfter).timeInterval else {
            return leaseEnd
        }
        let renewed = try await outbox.renew(claims, at: now, leaseUntil: now + policy.lease)
        return renewed.count == claims.count ? now + policy.lease : nil
    }

    /// A message's result, settled at once: sent (it leaves the outbox), tried again later, or given up.
    private func settle(_ entry: OutboxEntry, _ result: MailDeliveryResult) async throws {
        let now = clock.now
        switch result {
        case .delivered:
            try await outbox.markSent([entry.claim])
            tally.withLock { $0.sent += 1 }
        case .retryLater(let reason) where now.timeIntervalSince(entry.queuedAt) < policy.giveUpAfter.timeInterval:
            let next = now + policy.wait(afterAttempts: entry.attempts)
            try await outbox.retry(entry.claim, at: next)
            tally.withLock { $0.retried += 1 }
            logger.warning(
                "Mail \(entry.mail.kind.rawValue) \(entry.id) not sent (try \(entry.attempts)): \(reason); next try at \(next)"
            )
        case .retryLater(let reason), .rejected(let reason):
            try await outbox.giveUp(entry.claim)
            tally.withLock { $0.failed += 1 }
            logger.error(
                "Mail \(entry.mail.kind.rawValue) \(entry.id) given up after \(entry.attempts) tries: \(reason)")
        }
    }
}
