import Foundation

/// One mail: a sender, a recipient, a subject and the same content as plain text and as HTML.
public struct MailMessage: Sendable, Equatable {
    public var from: MailAddress
    public var to: MailAddress
    /// Any text; control characters become spaces when it is written.
    public var subject: String
    /// The plain-text part, with "\n" line ends.
    public var text: String
    /// The HTML part, with "\n" line ends.
    public var html: String
    public var date: Date
    /// Without angle brackets, e.g. `3f1c…@koober.localhost`: a valid `id-left@id-right` (see `isValidMessageID`).
    /// The encoder replaces what is not (`MIMEEncoding`), so it can never break the header it goes in.
    public var messageID: String

    public init(
        from: MailAddress, to: MailAddress, subject: String, text: String, html: String, date: Date,
        messageID: String
    ) {
        self.from = from
        self.to = to
        self.subject = subject
        self.text = text
        self.html = html
        self.date = date
        self.messageID = messageID
    }

    /// Whether `id` is a dot-atom `@` a dot-atom of at most 250 octets (RFC 5322's `msg-id` without its brackets).
    public static func isValidMessageID(_ id: String) -> Bool {
        let parts = id.split(separator: "@", omittingEmptySubsequences: false)
        guard id.utf8.count <= 250, parts.count == 2 else { return false }
        return parts.allSatisfy { part in
            !part.isEmpty && !part.hasPrefix(".") && !part.hasSuffix(".") && !part.contains("..")
                && part.utf8.allSatisfy { $0 == UInt8(ascii: ".") || MailHeaderText.isAtext($0) }
        }
    }
}
