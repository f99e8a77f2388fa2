import Foundation
import KooberKit

/// What a message's templates show: the rider's nickname, the link it carries, and for a receipt the ride, for a
/// message about a scheduled ride the booking, for a reply to a report the reply.
struct MailViewState: Sendable, Encodable {
    let nickname: String
    let link: String
    let ride: ReceiptMailRide?
    var scheduled: ScheduledRideMail? = nil
    var reply: ReportReplyMail? = nil
}

/// Koober's reply to a rider's report as its message shows it: the ride it is about, what the rider reported, and the
/// reply in paragraphs (its lines apart, each escaped by the HTML template).
struct ReportReplyMail: Sendable, Encodable {
    let to: String
    let rideDate: String
    let reported: String
    let paragraphs: [String]
    /// The reply as written, for the plain-text part.
    let text: String

    init(record: RideRecord, reply: ReportReply, _ words: Words) {
        to = record.ride.dropoff.name
        rideDate = record.ride.requestedAt.formatted(RideReceipt.dateStyle(words.language))
        reported = record.feedback.report?.text ?? ""
        paragraphs = reply.text.split(whereSeparator: \.isNewline).map(String.init)
        text = reply.text
    }
}

/// A finished ride as its receipt mail shows it, display-ready as on the receipt page.
struct ReceiptMailRide: Sendable, Encodable {
    let from: String
    let to: String
    let rideOption: String
    let animal: String?
    let receipt: RideReceipt
}
