import Foundation
import MailDelivery

/// The messages the tests send: Zoë's receipt, with non-ASCII, a link with `=`, and lines that start with dots.
enum MailFixtures {
    static let date = Date(timeIntervalSince1970: 1_795_726_048)  // Thu, 26 Nov 2026 20:47:28 +0000
    static let dateHeader = "Thu, 26 Nov 2026 20:47:28 +0000"
    static let resetLink = "http://127.0.0.1:8080/password/reset?token=abc="

    static let text = """
        Hello Zoë,

        your ride cost 12,50 € — thank you.
        .a line that starts with a dot
        ..and one with two
        .
        Reset your password: \(resetLink)
        """
    static let html = "<p>Hello Zoë,</p>\n<p>your ride cost 12,50 €.</p>\n.<p>dot</p>\n"

    static func message(
        to address: String = "zoe@example.com", subject: String = "Zoë's receipt", id: String = "3f1c@koober.localhost",
        date: Date = date
    ) -> MailMessage {
        MailMessage(
            from: MailAddress("no-reply@koober.localhost", displayName: "Koober")!,
            to: MailAddress(address, displayName: "Zoë Adams")!,
            subject: subject, text: text, html: html, date: date, messageID: id)
    }

    /// The header names every message has, in order.
    static let headerNames = ["Date", "From", "To", "Subject", "Message-ID", "MIME-Version", "Content-Type"]
}
