import Foundation

/// A `MailMessage` as RFC 5322 + MIME bytes with CRLF line ends: the headers Date (RFC 5322's format, `+0000`),
/// From, To, Subject, Message-ID, MIME-Version and Content-Type `multipart/alternative` with a random boundary found in
/// neither part, then a `text/plain; charset=utf-8` and a `text/html; charset=utf-8` part.
///
/// Header values go through `MailHeaderText` (control characters become spaces, anything not plain ASCII becomes
/// encoded-words), so nothing a caller passes can add a header. A message id that is not valid has every character
/// outside a dot-atom replaced by `_` (and `@invalid` added when it has no `@`).
public enum MIMEEncoding {
    /// How the two parts are written.
    public enum Body: Sendable {
        /// `Content-Transfer-Encoding: 8bit`, readable as it is (a link in a `.eml` file can be copied out whole); a
        /// part with a line over 998 octets, or a NUL, is written quoted-printable all the same.
        case eightBit
        /// Both parts quoted-printable, 7-bit clean, for servers without 8BITMIME.
        case quotedPrintable
    }

    /// The longest line RFC 5322 allows, without its CRLF.
    static let longestLine = 998

    public static func encode(_ message: MailMessage, body: Body) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return encode(message, body: body, boundaryFrom: &generator)
    }

    /// As `encode(_:body:)`, drawing the boundary from `generator`.
    public static func encode(
        _ message: MailMessage, body: Body, boundaryFrom generator: inout some RandomNumberGenerator
    ) -> [UInt8] {
        let text = part(message.text, body: body)
        let html = part(message.html, body: body)
        var boundary = randomBoundary(&generator)
        while contains(text.content, boundary) || contains(html.content, boundary) {
            boundary = randomBoundary(&generator)
        }
        var output = Array(headers(message, boundary: boundary).utf8)
        for (content, type) in [(text, "text/plain"), (html, "text/html")] {
            output += Array("\r\n--\(boundary)\r\nContent-Type: \(type); charset=utf-8\r\n".utf8)
            output += Array("Content-Transfer-Encoding: \(content.encoding)\r\n\r\n".utf8)
            output += content.content
        }
        output += Array("\r\n--\(boundary)--\r\n".utf8)
        return output
    }

    private static func headers(_ message: MailMessage, boundary: String) -> String {
        "Date: \(MailDate.rfc5322(message.date))\r\n"
            + MailHeaderText.address("From", message.from)
            + MailHeaderText.address("To", message.to)
            + MailHeaderText.unstructured("Subject", message.subject)
            + "Message-ID: <\(safeMessageID(message.messageID))>\r\n"
            + "MIME-Version: 1.0\r\n"
            + "Content-Type: multipart/alternative;\r\n boundary=\"\(boundary)\"\r\n"
    }

    /// The message id as given when valid, otherwise made into one.
    static func safeMessageID(_ id: String) -> String {
        if MailMessage.isValidMessageID(id) { return id }
        let bytes = id.utf8.prefix(200).map { MailHeaderText.isAtext($0) || $0 == UInt8(ascii: "@") ? $0 : 0x5F }
        let parts = String(decoding: bytes, as: UTF8.self).split(separator: "@").map { $0.isEmpty ? "_" : $0 }
        let left = parts.first.map(String.init) ?? "_"
        let right = parts.count > 1 ? parts.dropFirst().joined(separator: "_") : "invalid"
        return "\(left)@\(right)"
    }

    /// One part's content (no CRLF at its end) and its transfer encoding.
    private static func part(_ text: String, body: Body) -> (content: [UInt8], encoding: String) {
        let lines = lineSlices(text)
        let fitsEightBit = lines.allSatisfy { $0.count <= longestLine && !$0.contains(0) }
        if body == .eightBit && fitsEightBit {
            return (Array(lines.joined(separator: [0x0D, 0x0A])), "8bit")
        }
        return (QuotedPrintable.encode(lines: lines), "quoted-printable")
    }

    /// `text`'s lines without their ends: `\n`, `\r\n` and a lone `\r` all end one.
    static func lineSlices(_ text: String) -> [ArraySlice<UInt8>] {
        let bytes = Array(text.utf8)
        var lines: [ArraySlice<UInt8>] = []
        var start = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A || byte == 0x0D {
                lines.append(bytes[start..<index])
                if byte == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A { index += 1 }
                start = index + 1
            }
            index += 1
        }
        lines.append(bytes[start..<bytes.count])
        return lines
    }

    private static func randomBoundary(_ generator: inout some RandomNumberGenerator) -> String {
        let digits = Array("0123456789abcdef")
        return "=_koober_" + String((0..<32).map { _ in digits[Int(generator.next() % 16)] })
    }

    private static func contains(_ haystack: [UInt8], _ needle: String) -> Bool {
        let pattern = Array(needle.utf8)
        guard haystack.count >= pattern.count else { return false }
        return (0...(haystack.count - pattern.count)).contains { start in
            haystack[start..<(start + pattern.count)].elementsEqual(pattern)
        }
    }
}
