/// A message to queue in the outbox, in the same transaction as what caused it. It names what to say, not the words:
/// the sender composes the message when it sends it, from what is stored then, and its recipient is the rider it is
/// queued for. Its `messageID` is drawn once, so a message sent twice (a crash between sending and marking it sent) is
/// recognisably the same message.
public struct OutgoingMail: Equatable, Sendable {
    public let kind: MailKind
    /// The left part of the `Message-ID` (128 random bits, base64url); the sender adds the domain.
    public let messageID: String
    /// The link's token, in a claimed message that carries one (the reset and confirmation links): drawn by the claim,
    /// which stores only its hash, for the link the message was queued with (`MailOutbox.claimDue`). It is never
    /// stored: it lives in the sender's memory and in the message it sends. `nil` in a message as queued.
    public let token: String?
    /// The ride a receipt is for.
    public let rideID: RideID?
    /// The scheduled ride a booked, starting or missed message is about.
    public let scheduledRideID: ScheduledRideID?

    public init(
        kind: MailKind, messageID: String, token: String?, rideID: RideID?, scheduledRideID: ScheduledRideID? = nil
    ) {
        self.kind = kind
        self.messageID = messageID
        self.token = token
        self.rideID = rideID
        self.scheduledRideID = scheduledRideID
    }

    /// A message as storage keeps it: one column (`ride_id`) holds its subject's id, a ride's or, for the kinds
    /// about a scheduled ride, the scheduled ride's.
    public init(kind: MailKind, messageID: String, token: String?, subjectID: Int64?) {
        self.init(
            kind: kind, messageID: messageID, token: token,
            rideID: kind.isAboutScheduledRide ? nil : subjectID.map(RideID.init),
            scheduledRideID: kind.isAboutScheduledRide ? subjectID.map(ScheduledRideID.init) : nil)
    }

    /// What storage keeps in its subject column (`init(kind:messageID:token:subjectID:)`).
    public var subjectID: Int64? {
        rideID?.rawValue ?? scheduledRideID?.rawValue
    }

    /// A message with a link, queued without its token (the claim draws it).
    public static func link(_ kind: MailKind) -> OutgoingMail {
        OutgoingMail(kind: kind, messageID: newMessageID(), token: nil, rideID: nil)
    }

    /// The same message carrying `token` (a claim's).
    public func carrying(token: String?) -> OutgoingMail {
        OutgoingMail(
            kind: kind, messageID: messageID, token: token, rideID: rideID, scheduledRideID: scheduledRideID)
    }

    /// The receipt of `rideID`.
    public static func receipt(of rideID: RideID) -> OutgoingMail {
        OutgoingMail(kind: .receipt, messageID: newMessageID(), token: nil, rideID: rideID)
    }

    /// A message of `kind` about the scheduled ride `id`.
    public static func scheduledRide(_ kind: MailKind, id: ScheduledRideID) -> OutgoingMail {
        OutgoingMail(kind: kind, messageID: newMessageID(), token: nil, rideID: nil, scheduledRideID: id)
    }

    static func newMessageID() -> String {
        Base64URL.encode(RandomToken.bytes(count: 16))
    }
}
