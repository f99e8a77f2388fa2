import Foundation
import MailDelivery

/// A message's headers (`MIMEEncoding`) with a hostile display name and subject (the input, split at its first NUL):
/// the header block has exactly the expected header names, lines of at most 998 bytes ending with CRLF and nothing
/// else, and its display name and subject read back (encoded-words decoded, folds undone) as the input with every
/// control character a space.
public struct MailHeaderFuzzTarget: FuzzTarget {
    public let name = "mail-header"

    public init() {}

    static let headerNames = ["Date", "From", "To", "Subject", "Message-ID", "MIME-Version", "Content-Type"]

    public func check(_ input: [UInt8]) throws(FuzzFinding) {
        let split = input.firstIndex(of: 0) ?? input.endIndex
        let displayName = String(decoding: input[..<split], as: UTF8.self)
        let subject = String(decoding: input[min(split + 1, input.endIndex)...], as: UTF8.self)
        guard let from = MailAddress("no-reply@koober.localhost"),
            let to = MailAddress("zoe@example.com", displayName: displayName)
        else { throw FuzzFinding("the fixed addresses are refused") }
        let message = MailMessage(
            from: from, to: to, subject: subject, text: "text", html: "<p>html</p>",
            date: Date(timeIntervalSince1970: 0),
            messageID: "1@koober.localhost")
        let fields = try headerFields(MIMEEncoding.encode(message, body: .eightBit))
        guard fields.map(\.name) == Self.headerNames else {
            throw FuzzFinding("the headers are \(fields.map(\.name)), not \(Self.headerNames)")
        }
        let expectedSubject = Self.withSpaces(subject)
        guard let written = fields.first(where: { $0.name == "Subject" }).map({ Self.decoded($0.value) }),
            written == expectedSubject
        else { throw FuzzFinding("the subject does not read back as \(expectedSubject.debugDescription)") }
        let expectedTo = to.displayName.map { Self.withSpaces($0) }
        guard let toValue = fields.first(where: { $0.name == "To" })?.value, Self.displayName(toValue) == expectedTo
        else { throw FuzzFinding("the display name does not read back as \(String(describing: expectedTo))") }
    }

    /// The header block's fields, unfolded (each value as written, after its colon and one space).
    private func headerFields(_ bytes: [UInt8]) throws(FuzzFinding) -> [(name: String, value: String)] {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let end = text.range(of: "\r\n\r\n") else { throw FuzzFinding("no end to the header block") }
        let block = String(text[..<end.lowerBound])
        let lines = block.components(separatedBy: "\r\n")
        guard lines.allSatisfy({ !$0.contains("\r") && !$0.contains("\n") }) else {
            throw FuzzFinding("a CR or LF that is not a line's CRLF")
        }
        guard lines.allSatisfy({ $0.utf8.count <= 998 }) else { throw FuzzFinding("a header line over 998 bytes") }
        var fields: [(name: String, value: String)] = []
        for line in lines {
            if line.hasPrefix(" ") || line.hasPrefix("\t") {
                guard !fields.isEmpty else { throw FuzzFinding("the block starts with a continuation") }
                fields[fields.count - 1].value += line
            } else if let colon = line.firstIndex(of: ":") {
                var value = String(line[line.index(after: colon)...])
                if value.hasPrefix(" ") { value.removeFirst() }
                fields.append((String(line[..<colon]), value))
            } else {
                throw FuzzFinding("a header line without a colon: \(line.debugDescription)")
            }
        }
        return fields
    }

    static func withSpaces(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
    }

    /// An unstructured value: encoded-words (all of them) decoded and joined, or the text as it is.
    static func decoded(_ value: String) -> String? {
        guard value.hasPrefix("=?") else { return value }
        var bytes: [UInt8] = []
        for word in value.split(separator: " ") {
            guard word.hasPrefix("=?UTF-8?B?"), word.hasSuffix("?="),
                let data = Data(base64Encoded: String(word.dropFirst(10).dropLast(2)))
            else { return nil }
            bytes += data
        }
        return String(validating: bytes, as: UTF8.self)
    }

    /// The display name in `"name" <address>`, `=?…?= … <address>` or `<address>`.
    static func displayName(_ value: String) -> String? {
        guard let open = value.range(of: " <zoe@example.com>", options: .backwards) else { return nil }
        let phrase = String(value[..<open.lowerBound])
        if phrase.count >= 2 && phrase.hasPrefix("\"") && phrase.hasSuffix("\"") {
            return String(phrase.dropFirst().dropLast())
        }
        return decoded(phrase)
    }
}
