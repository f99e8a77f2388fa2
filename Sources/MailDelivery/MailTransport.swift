import Foundation

/// Where mail goes: an SMTP server (`SMTPTransport`) or a folder (`MailDirectory`).
public protocol MailTransport: Sendable {
    /// Sends a batch on one connection, one message at a time, in order. Each message's result goes to `settle` as
    /// soon as it is known, before the next message starts; `settle` answers by when the next message must be sent,
    /// or nil to end the batch there (the rest are not tried and get no result). The first message must be sent by
    /// `deadline`: a message still in hand at its deadline is given up on (`.retryLater`, the connection closed), and
    /// so is the rest of the batch, as when the connection is lost. `.distantFuture` is no deadline but the
    /// transport's own. Never throws: a failure is a result.
    func send(_ messages: [MailMessage], by deadline: Date, settle: (MailDeliveryResult) async -> Date?) async
}

extension MailTransport {
    /// Sends a batch with no deadline but the transport's own; one result per message, in order.
    public func send(_ messages: [MailMessage]) async -> [MailDeliveryResult] {
        var results: [MailDeliveryResult] = []
        await send(messages, by: .distantFuture) { result in
            results.append(result)
            return .distantFuture
        }
        return results
    }
}
