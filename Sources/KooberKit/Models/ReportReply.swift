import Foundation

/// Koober's reply to a rider's report (SPEC.md, "Koober Ops", **Reports**: **Reply**), as stored: mailed to the rider
/// (**Koober replied to your report**) and shown on the ride's receipt under **Koober replied**. A report may have
/// several, each kept; they go with the report (and so with the ride).
public struct ReportReply: Equatable, Sendable {
    /// 1 to 2,000 characters (SPEC.md), trimmed. Its bytes: 16,000, eight a character, so that 2,000 characters of
    /// any script fit, those written with a combining mark on most letters too (Devanagari, Thai: two or three
    /// scalars of three bytes each), and emoji with a skin tone (two scalars of four). Riders' texts are capped at
    /// `FieldLimit.mostBytes` (4,000), which would refuse 2,000 characters of Chinese (three bytes each).
    public static let textLimit = FieldLimit(characters: 2_000, bytes: 16_000)

    public let id: ReportReplyID
    /// The ride whose report this answers (a report is one per ride).
    public let rideID: RideID
    public let text: String
    /// When it was sent, to the millisecond as stored.
    public let repliedAt: Date
    /// Who wrote it, as they were then (copied, as the audit log copies them: the member may be removed since).
    public let staffID: StaffID
    public let staffName: String
    /// The `Message-ID` (left part) of the mail that carries it to the rider, by which the sender finds it.
    public let messageID: String

    public init(
        id: ReportReplyID, rideID: RideID, text: String, repliedAt: Date, staffID: StaffID, staffName: String,
        messageID: String
    ) {
        self.id = id
        self.rideID = rideID
        self.text = text
        self.repliedAt = repliedAt
        self.staffID = staffID
        self.staffName = staffName
        self.messageID = messageID
    }
}

/// A reply's identity: counted up by the store in the order replies were stored, so a report's replies read in it.
public struct ReportReplyID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: Int64

    public init(_ rawValue: Int64) {
        self.rawValue = rawValue
    }

    public var description: String { String(rawValue) }

    public static func < (lhs: ReportReplyID, rhs: ReportReplyID) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A reply as a use case hands it to storage, with the mail that carries it (queued in the same transaction).
public struct NewReportReply: Equatable, Sendable {
    public let rideID: RideID
    public let text: String
    public let repliedAt: Date
    public let staffID: StaffID
    public let staffName: String
    /// **Koober replied to your report** (`OutgoingMail.reportReply(of:)`): its `Message-ID` is the reply's.
    public let mail: OutgoingMail

    public init(rideID: RideID, text: String, repliedAt: Date, staffID: StaffID, staffName: String, mail: OutgoingMail)
    {
        self.rideID = rideID
        self.text = text
        self.repliedAt = repliedAt
        self.staffID = staffID
        self.staffName = staffName
        self.mail = mail
    }
}
