import Foundation
import MailDelivery
import Synchronization

/// A relay for the sender's tests: it records every batch it is given and answers each message as `answer` says
/// (delivered unless told otherwise), so a test can take the relay down, refuse a message, or bring it back.
final class ScriptedMailTransport: MailTransport {
    private let batches = Mutex<[[MailMessage]]>([])
    private let script: Mutex<@Sendable (MailMessage) -> MailDeliveryResult>

    init(_ answer: @escaping @Sendable (MailMessage) -> MailDeliveryResult = { _ in .delivered }) {
        script = Mutex(answer)
    }

    /// Answers from now on as `answer` says.
    func answer(_ answer: @escaping @Sendable (MailMessage) -> MailDeliveryResult) {
        script.withLock { $0 = answer }
    }

    func send(_ messages: [MailMessage], by deadline: Date, settle: (MailDeliveryResult) async -> Date?) async {
        let answer = script.withLock { $0 }
        batches.withLock { $0.append([]) }
        for message in messages {
            batches.withLock { $0[$0.count - 1].append(message) }
            guard await settle(answer(message)) != nil else { return }
        }
    }

    /// Every batch sent, in order: the messages tried in each.
    var sent: [[MailMessage]] { batches.withLock { $0 } }

    /// The messages of every batch, in order (tries of one message again included).
    var messages: [MailMessage] { sent.flatMap { $0 } }
}
