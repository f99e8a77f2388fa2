/// One sender's hold on one message of the outbox: the message, and which claim of it (its attempt number, which
/// every claim raises). Only the latest claim of a message may retry it, give it up or renew its lease, so a sender
/// whose lease passed cannot undo what the sender that claimed the message after it does.
public struct OutboxClaim: Hashable, Sendable {
    public let id: Int64
    public let attempt: Int

    public init(id: Int64, attempt: Int) {
        self.id = id
        self.attempt = attempt
    }
}

extension OutboxEntry {
    /// The claim this entry was handed out under.
    public var claim: OutboxClaim {
        OutboxClaim(id: id, attempt: attempts)
    }
}
