/// What became of one message.
public enum MailDeliveryResult: Sendable, Equatable {
    /// The server took it (or it was written).
    case delivered
    /// Not now: a 4xx reply, a lost connection, a deadline passed, an unwritable folder. The text says why.
    case retryLater(String)
    /// Never: a 5xx reply, or an address the server cannot take. The text says why.
    case rejected(String)
}
