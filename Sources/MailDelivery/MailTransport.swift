/// Where mail goes: an SMTP server (`SMTPTransport`) or a folder (`MailDirectory`).
public protocol MailTransport: Sendable {
    /// Sends a batch; one result per message, in order. Never throws: a failure is a result.
    func send(_ messages: [MailMessage]) async -> [MailDeliveryResult]
}
