/// How long an `SMTPTransport` waits, each measured on its `AppClock`.
public struct SMTPDeadlines: Sendable, Equatable {
    /// To connect (and, for `smtps://`, nothing more: the TLS handshake is waited for with the greeting).
    public var connect: Duration
    /// For each of the server's replies.
    public var reply: Duration
    /// To write one message's body.
    public var dataTransfer: Duration

    /// 10 s to connect, 60 s for a reply, 120 s to write a body.
    public static let standard = SMTPDeadlines(connect: .seconds(10), reply: .seconds(60), dataTransfer: .seconds(120))

    public init(connect: Duration, reply: Duration, dataTransfer: Duration) {
        self.connect = connect
        self.reply = reply
        self.dataTransfer = dataTransfer
    }
}
