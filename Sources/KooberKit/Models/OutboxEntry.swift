import Foundation

/// A queued message as the sender claims it: what to say, to whom (the rider as stored now), and its history.
public struct OutboxEntry: Equatable, Sendable {
    public let id: Int64
    public let mail: OutgoingMail
    public let recipient: UserProfile
    public let queuedAt: Date
    /// How many times it has been claimed for sending, this time included.
    public let attempts: Int

    public init(id: Int64, mail: OutgoingMail, recipient: UserProfile, queuedAt: Date, attempts: Int) {
        self.id = id
        self.mail = mail
        self.recipient = recipient
        self.queuedAt = queuedAt
        self.attempts = attempts
    }
}
