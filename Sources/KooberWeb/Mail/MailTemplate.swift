/// The templates a message is composed from, a text and an HTML one for each kind; each is a file
/// `Templates/<rawValue>.mustache`, checked at start-up as the pages' are.
public enum MailTemplate: String, CaseIterable, Sendable {
    case layout = "mail-layout"
    case passwordResetText = "mail-password-reset-text"
    case passwordResetHTML = "mail-password-reset-html"
    case emailConfirmationText = "mail-email-confirmation-text"
    case emailConfirmationHTML = "mail-email-confirmation-html"
    case receiptText = "mail-receipt-text"
    case receiptHTML = "mail-receipt-html"
    /// The three messages about a scheduled ride (booked, starting, missed) share their templates.
    case scheduledRideText = "mail-scheduled-ride-text"
    case scheduledRideHTML = "mail-scheduled-ride-html"
    case reportReplyText = "mail-report-reply-text"
    case reportReplyHTML = "mail-report-reply-html"
}
