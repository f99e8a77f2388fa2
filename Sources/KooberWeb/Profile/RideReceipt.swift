import Foundation
import KooberKit

/// What a ride cost and when each step happened, display-ready: shown when a followed ride finishes, and on every
/// ride's receipt page (`/rides/<id>`). Times the ride did not reach (a cancelled ride was never picked up) are left
/// out; a ride that did not finish has no riding time.
struct RideReceipt: Sendable, Encodable {
    let fare: String
    let distance: String
    let duration: String?
    let date: String
    let requestedAt: String
    let pickedUpAt: String?
    let arrivedAt: String?
    let cancelledAt: String?
    /// Once rated: "4 stars", the compliments, the tip (if one was given) and the total, fare + tip (less a refund).
    let ratingStars: String?
    let ratingCompliments: String?
    let tip: String?
    /// Once Koober Ops refunded the ride: **Refunded A$1.50**, the amount here; the total is then always shown.
    let refunded: String?
    let total: String?
    /// Whether the total differs from the fare (a tip or a refund): the receipt mail then shows each and the total.
    let hasTipOrRefund: Bool
    /// Once reported: **Reported on <date>. We'll be in touch.**
    let reportedNotice: String?
    /// Koober's replies to the report, oldest first, shown under **Koober replied** (the heading only with one).
    let replies: [Reply]
    let hasReplies: Bool

    /// One of Koober's replies: when, and its paragraphs (its lines apart, each escaped by the template).
    struct Reply: Sendable, Encodable {
        let when: String
        let paragraphs: [String]
    }

    /// `words`: the reader's language's, for the words and the dates and times.
    init(_ record: RideRecord, _ words: Words) {
        let ride = record.ride
        let rating = record.feedback.rating
        let (dateStyle, timeStyle) = (Self.dateStyle(words.language), Self.timeStyle(words.language))
        ratingStars = rating?.stars.text(words)
        let compliments = Compliment.allCases.filter { rating?.compliments.contains($0) == true }
        ratingCompliments =
            compliments.isEmpty
            ? nil : compliments.map { $0.text(words) }.joined(separator: words.language.listSeparator)
        tip = rating?.tip.map { $0.cents.displayed }
        let refund = record.feedback.refund
        refunded = refund.map { $0.amount.displayed }
        total = rating != nil || refund != nil ? record.feedback.totalCents(of: ride).displayed : nil
        hasTipOrRefund = rating?.tip != nil || refund != nil
        reportedNotice = record.feedback.report.map {
            words("receipt.reportedOn", ["date": $0.reportedAt.formatted(dateStyle)])
        }
        replies = record.feedback.replies.map { reply in
            Reply(
                when: words(
                    "receipt.repliedWhen",
                    ["date": reply.repliedAt.formatted(dateStyle), "time": reply.repliedAt.formatted(timeStyle)]),
                paragraphs: reply.text.split(whereSeparator: \.isNewline).map(String.init))
        }
        hasReplies = !replies.isEmpty
        fare = ride.chargedCents.displayed
        distance = Kilometres(ride.kilometres).text(words)
        duration =
            ride.status == .finished
            ? words.counting("receipt.minutes", max(1, Int(((ride.timeline()?.ridingSeconds ?? 0) / 60).rounded())))
            : nil
        date = ride.requestedAt.formatted(dateStyle)
        requestedAt = (record.time(of: .finding)?.at ?? ride.requestedAt).formatted(timeStyle)
        pickedUpAt = record.time(of: .riding).map { $0.at.formatted(timeStyle) }
        arrivedAt = record.time(of: .finished).map { $0.at.formatted(timeStyle) }
        cancelledAt = record.time(of: .cancelled).map { $0.at.formatted(timeStyle) }
    }

    /// Report a Problem's page, while the ride can be reported and has not been.
    static func reportPath(_ record: RideRecord, now: Date) -> String? {
        guard record.feedback.report == nil, RideFeedbackPolicy.canReport(record.ride, at: now) else { return nil }
        return Route.reportPath(for: record.ride.id)
    }

    /// Times of day in Sydney, written `language`'s way.
    static func timeStyle(_ language: Language) -> Date.FormatStyle {
        Date.FormatStyle(
            date: .omitted, time: .standard, locale: language.locale, calendar: Calendar(identifier: .gregorian),
            timeZone: SydneyTime.timeZone)
    }

    /// Dates in Sydney, written `language`'s way.
    static func dateStyle(_ language: Language) -> Date.FormatStyle {
        Date.FormatStyle(
            date: .long, time: .omitted, locale: language.locale, calendar: Calendar(identifier: .gregorian),
            timeZone: SydneyTime.timeZone)
    }
}
