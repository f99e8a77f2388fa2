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
    /// What the message is about: the ride of a receipt, the scheduled ride of a booked, starting or missed message,
    /// nothing for a link's. Storage keeps each in its own column (`mail_outbox.ride_id`, `.scheduled_ride_id`).
    public let subject: MailSubject

    public init(kind: MailKind, messageID: String, token: String?, subject: MailSubject) {
        self.kind = kind
        self.messageID = messageID
        self.token = token
        self.subject = subject
    }

    /// A message with a link, queued without its token (the claim draws it).
    public static func link(_ kind: MailKind) -> OutgoingMail {
        OutgoingMail(kind: kind, messageID: newMessageID(), token: nil, subject: .none)
    }

    /// The same message carrying `token` (a claim's).
    public func carrying(token: String?) -> OutgoingMail {
        OutgoingMail(kind: kind, messageID: messageID, token: token, subject: subject)
    }

    /// The receipt of `rideID`.
    public static func receipt(of rideID: RideID) -> OutgoingMail {
        OutgoingMail(kind: .receipt, messageID: newMessageID(), token: nil, subject: .ride(rideID))
    }

    /// **Koober replied to your report** of `rideID`: the sender finds the reply by the message's `Message-ID`
    /// (`ReportReply.messageID`).
    public static func reportReply(of rideID: RideID) -> OutgoingMail {
        OutgoingMail(kind: .reportReply, messageID: newMessageID(), token: nil, subject: .ride(rideID))
    }

    /// A message of `kind` about the scheduled ride `id`.
    public static func scheduledRide(_ kind: MailKind, id: ScheduledRideID) -> OutgoingMail {
        OutgoingMail(kind: kind, messageID: newMessageID(), token: nil, subject: .scheduledRide(id))
    }

    static func newMessageID() -> String {
        Base64URL.encode(RandomToken.bytes(count: 16))
    }
}

/// What a queued message is about (`OutgoingMail.subject`).
public enum MailSubject: Equatable, Sendable {
    /// A link's message: the link is found by the message's `Message-ID`.
    case none
    /// A receipt's ride, or the ride whose report a reply answers.
    case ride(RideID)
    /// The booking a booked, starting or missed message is about.
    case scheduledRide(ScheduledRideID)

    /// The subject as storage keeps it, one column each: `ride_id` and `scheduled_ride_id` (at most one set).
    public init(rideID: Int64?, scheduledRideID: Int64?) {
        if let rideID {
            self = .ride(RideID(rideID))
        } else if let scheduledRideID {
            self = .scheduledRide(ScheduledRideID(scheduledRideID))
        } else {
            self = .none
        }
    }

    /// What `ride_id` holds.
    public var rideID: RideID? {
        if case .ride(let id) = self { id } else { nil }
    }

    /// What `scheduled_ride_id` holds.
    public var scheduledRideID: ScheduledRideID? {
        if case .scheduledRide(let id) = self { id } else { nil }
    }
}
