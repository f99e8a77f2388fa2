import Foundation
import KooberWeb
import MailDelivery
import Synchronization
import TestKit

/// A relay that takes `perMessage` of the test clock to take each message, and gives up on a message still in hand
/// at the deadline the sender set, with the rest of the batch, as `SMTPTransport` does: for the mail sender's tests
/// under a slow relay (issue 41), on any store.
public final class SlowRelay: MailTransport {
    public struct Taken: Sendable {
        public let messageID: String
        public let at: Date
    }

    private let clock: TestClock
    private let perMessage: Duration
    private let state = Mutex<(taken: [Taken], tried: [String], cutShort: Int)>(([], [], 0))

    public init(clock: TestClock, perMessage: Duration) {
        self.clock = clock
        self.perMessage = perMessage
    }

    /// The messages the relay took, with when.
    public var taken: [Taken] { state.withLock { $0.taken } }
    /// The message ids of every try, in order.
    public var tried: [String] { state.withLock { $0.tried } }
    /// Messages given up on at their deadline, while the relay had them.
    public var cutShort: Int { state.withLock { $0.cutShort } }

    public func send(_ messages: [MailMessage], by deadline: Date, settle: (MailDeliveryResult) async -> Date?) async {
        var deadline = deadline
        for (index, message) in messages.enumerated() {
            state.withLock { $0.tried.append(message.messageID) }
            let left = Duration.seconds(deadline.timeIntervalSince(clock.now))
            let result: MailDeliveryResult
            do {
                try await clock.sleep(for: min(perMessage, max(left, .zero)))
                if left >= perMessage {
                    state.withLock { $0.taken.append(Taken(messageID: message.messageID, at: clock.now)) }
                    result = .delivered
                } else {
                    state.withLock { $0.cutShort += 1 }
                    result = .retryLater("no reply within the batch's deadline")
                }
            } catch {
                result = .retryLater("cancelled")
            }
            guard result == .delivered else {
                for _ in index..<messages.count { _ = await settle(result) }
                return
            }
            guard let next = await settle(result) else { return }
            deadline = next
        }
    }
}

/// Runs `senders` at once, each looking every minute as the service does (a batch whenever something is due), while
/// time moves on a minute at a time on `clock` once every sender is asleep on it (in the relay or between looks), for
/// `minutes`; then stops them. The errors their batches threw, if any.
public func runMailSenders(_ senders: [MailSender], on clock: TestClock, for minutes: Int) async -> [any Error] {
    let failures = Locked<[any Error]>([])
    let loops = senders.map { sender in
        Task {
            while !Task.isCancelled {
                do { try await sender.runOnce() } catch { failures.withLock { $0.append(error) } }
                try? await clock.sleep(for: .seconds(60))
            }
        }
    }
    for _ in 0..<minutes {
        await clock.sleepers(atLeast: senders.count)
        clock.advance(by: 60)
    }
    await clock.sleepers(atLeast: senders.count)
    for loop in loops { loop.cancel() }
    for loop in loops { await loop.value }
    return failures.value
}
