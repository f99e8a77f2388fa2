/// A message to queue in the outbox, in the same transaction as what caused it. It names what to say, not the words:
/// the sender composes the message when it sends it, from what is stored then, and its recipient is the rider it is
/// queued for. Its `messageID` is drawn once, so a message sent twice (a crash between sending and marking it sent) is
/// recognisably the same message.
public struct OutgoingMail: Equatable, Sendable {
    public let kind: MailKind
    /// The left part of the `Message-ID` (128 random bits, base64url); the sender adds the domain.
    public let messageID: String
    /// The link's token, for a message that carries one (the reset and confirmation links). It lives only in the
    /// outbox, until the message is sent; the link itself is stored only as the token's hash.
    public let token: String?
    /// The ride a receipt is for.
    public let rideID: RideID?

    public init(kind: MailKind, messageID: String, token: String?, rideID: RideID?) {
        self.kind = kind
        self.messageID = messageID
        self.token = token
        self.rideID = rideID
    }

    /// A message with a link whose token is `token`.
    public static func link(_ kind: MailKind, token: SessionToken) -> OutgoingMail {
        OutgoingMail(kind: kind, messageID: newMessageID(), token: token.value, rideID: nil)
    }

    /// The receipt of `rideID`.
    public static func receipt(of rideID: RideID) -> OutgoingMail {
        OutgoingMail(kind: .receipt, messageID: newMessageID(), token: nil, rideID: rideID)
    }

    static func newMessageID() -> String {
        Base64URL.encode(RandomToken.bytes(count: 16))
    }
}
