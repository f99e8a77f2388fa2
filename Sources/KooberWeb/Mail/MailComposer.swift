import Foundation
import KooberKit
import MailDelivery

/// Turns a queued message (`OutboxEntry`) into the message sent, when it is sent: the words from the templates, the
/// rider as stored now, the links from `--public-url`, and the `Message-ID` and `Date` it was queued with, so that a
/// message sent twice is recognisably one.
public struct MailComposer: Sendable {
    let templates: TemplateRenderer
    let settings: MailSettings
    let rideRepository: any RideRepository
    let feedbackRepository: any RideFeedbackRepository
    let scheduledRides: any ScheduledRideRepository

    public init(
        templates: TemplateRenderer, settings: MailSettings, rideRepository: any RideRepository,
        feedbackRepository: any RideFeedbackRepository, scheduledRides: any ScheduledRideRepository
    ) {
        self.templates = templates
        self.settings = settings
        self.rideRepository = rideRepository
        self.feedbackRepository = feedbackRepository
        self.scheduledRides = scheduledRides
    }

    /// The message, or `nil` when there is nothing left to say (a receipt whose ride is gone, an address that
    /// cannot be written in a header).
    public func compose(_ entry: OutboxEntry) async throws -> MailMessage? {
        guard let to = MailAddress(entry.recipient.email, displayName: entry.recipient.name) else { return nil }
        // In the rider's language (the account's; English when they never chose one).
        let templates = templates.speaking(entry.recipient.language ?? .english)
        let words = templates.words
        let subject: String
        let text: MailTemplate
        let html: MailTemplate
        let link: String
        var ride: ReceiptMailRide?
        var scheduled: ScheduledRideMail?
        var reply: ReportReplyMail?
        switch entry.mail.kind {
        case .passwordReset:
            guard let token = entry.mail.token else { return nil }
            (subject, text, html) = (words("mail.subject.passwordReset"), .passwordResetText, .passwordResetHTML)
            link = self.link(.resetPassword, token: token)
        case .emailConfirmation:
            guard let token = entry.mail.token else { return nil }
            (subject, text, html) = (
                words("mail.subject.emailConfirmation"), .emailConfirmationText, .emailConfirmationHTML
            )
            link = self.link(.confirmEmail, token: token)
        case .receipt:
            // The receipt as it stands when sent: with the tip and the total once given (a tip queues it again).
            guard case .ride(let rideID) = entry.mail.subject,
                let record = try await LoadRideReceiptUseCase(
                    userID: entry.recipient.id, rideID: rideID, rideRepository: rideRepository,
                    feedbackRepository: feedbackRepository
                ).run()
            else { return nil }
            let stored = record.ride
            (subject, text, html) = (words("mail.subject.receipt"), .receiptText, .receiptHTML)
            link = settings.publicURL + Route.receiptPath(for: rideID)
            ride = ReceiptMailRide(
                from: words("ride.yourLocation"), to: stored.dropoff.name, rideOption: stored.rideOptionName,
                animal: stored.animalTitle(words), receipt: RideReceipt(record, words))
        case .reportReply:
            // The reply this message carries (found by its `Message-ID`), on the rider's own ride; none left (the ride
            // and its report are gone), nothing to say.
            guard case .ride(let rideID) = entry.mail.subject,
                let record = try await LoadRideReceiptUseCase(
                    userID: entry.recipient.id, rideID: rideID, rideRepository: rideRepository,
                    feedbackRepository: feedbackRepository
                ).run(),
                let answer = record.feedback.replies.first(where: { $0.messageID == entry.mail.messageID })
            else { return nil }
            (subject, text, html) = (words("mail.subject.reportReply"), .reportReplyText, .reportReplyHTML)
            link = settings.publicURL + Route.receiptPath(for: rideID)
            reply = ReportReplyMail(record: record, reply: answer, words)
        case .scheduledRideBooked, .scheduledRideStarting, .scheduledRideMissed:
            // The booking as stored (it is the rider's: a message is queued for the booking's rider).
            guard case .scheduledRide(let id) = entry.mail.subject,
                let booking = try await scheduledRides.scheduledRide(id: id), booking.userID == entry.recipient.id,
                let mail = ScheduledRideMail(kind: entry.mail.kind, ride: booking, words)
            else { return nil }
            (subject, text, html) = (mail.subject, .scheduledRideText, .scheduledRideHTML)
            let route: Route = entry.mail.kind == .scheduledRideStarting ? .ride : .profile
            link = settings.publicURL + route.path
            scheduled = mail
        }
        let view = MailViewState(
            nickname: entry.recipient.nickname, link: link, ride: ride, scheduled: scheduled, reply: reply)
        return MailMessage(
            from: settings.from, to: to, subject: subject, text: templates.render(text, view),
            html: templates.render(html, view), date: entry.queuedAt,
            messageID: "\(entry.mail.messageID)@\(settings.from.domain)")
    }

    /// A mailed link: `route`'s page with the token.
    private func link(_ route: Route, token: String) -> String {
        "\(settings.publicURL)\(route.path)?token=\(token)"
    }
}

extension MailAddress {
    /// The part after the `@`, for the `Message-ID`s of messages from this address.
    var domain: String {
        address.split(separator: "@").last.map(String.init) ?? "koober.localhost"
    }
}
