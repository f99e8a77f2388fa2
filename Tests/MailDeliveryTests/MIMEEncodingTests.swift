import Foundation
import MailDelivery
import TestKit
import Testing

/// The bytes `MIMEEncoding` writes, read back by Python's `email` package: the headers as given and no others,
/// encoded-words that decode to the text, lines within their limits, a boundary found in neither part, and
/// quoted-printable that decodes to the text.
@Suite struct MIMEEncodingTests {
    static func lines(of bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        bytes.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast().map { $0 }
    }

    static func headerBlock(of bytes: [UInt8]) -> [String] {
        let text = String(decoding: bytes, as: UTF8.self)
        let head = text.components(separatedBy: "\r\n\r\n").first ?? ""
        return head.components(separatedBy: "\r\n")
    }

    @Test(arguments: [MIMEEncoding.Body.eightBit, .quotedPrintable])
    func aMessageReadsBackAsItWasGiven(body: MIMEEncoding.Body) async throws {
        let bytes = MIMEEncoding.encode(MailFixtures.message(), body: body)
        let parsed = try await ParsedMail.parse(bytes)
        #expect(parsed.headerNames == MailFixtures.headerNames)
        #expect(parsed.header("Date") == MailFixtures.dateHeader)
        #expect(parsed.header("From") == "Koober <no-reply@koober.localhost>")
        #expect(parsed.header("To") == "Zoë Adams <zoe@example.com>")
        #expect(parsed.header("Subject") == "Zoë's receipt")
        #expect(parsed.header("Message-ID") == "<3f1c@koober.localhost>")
        #expect(parsed.plainText == MailFixtures.text)
        #expect(parsed.htmlText == MailFixtures.html)
        #expect(parsed.defects.isEmpty)
        for line in Self.lines(of: bytes) {
            #expect(line.last == 0x0D, "every line ends with CRLF")
            #expect(line.count <= 1000)
        }
        if body == .quotedPrintable {
            #expect(bytes.allSatisfy { $0 < 0x80 }, "7-bit clean")
            #expect(Self.lines(of: bytes).allSatisfy { $0.count <= 78 })
        }
    }

    @Test func anEightBitBodyKeepsALinkAsItIs() {
        let bytes = MIMEEncoding.encode(MailFixtures.message(), body: .eightBit)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains("Reset your password: \(MailFixtures.resetLink)\r\n"))
        #expect(text.contains("Content-Transfer-Encoding: 8bit"))
        #expect(!text.contains("quoted-printable"))
    }

    @Test func lineBreaksInASubjectOrADisplayNameCannotAddAHeader() async throws {
        var message = MailFixtures.message(subject: "Hi\r\nBcc: evil@x")
        message.to = try #require(MailAddress("zoe@example.com", displayName: "Zoë\nBcc: evil@x"))
        message.from = try #require(MailAddress("a@b.c", displayName: "Plain\r\nBcc: evil@x"))
        let bytes = MIMEEncoding.encode(message, body: .eightBit)
        let parsed = try await ParsedMail.parse(bytes)
        #expect(parsed.headerNames == MailFixtures.headerNames)
        #expect(parsed.header("Bcc") == nil)
        #expect(parsed.header("Subject") == "Hi  Bcc: evil@x")
        #expect(parsed.header("To") == "\"Zoë Bcc: evil@x\" <zoe@example.com>")
        #expect(Self.headerBlock(of: bytes).filter { $0.lowercased().hasPrefix("bcc") }.isEmpty)
    }

    static let subjects = [
        "Zoë's receipt", "", "=?utf-8?q?x?=", "   spaces  around  ", "tab\there",
        "日本語のテキスト、長い件名です。" + String(repeating: "乗車", count: 40),
        "🚕 Your ride 🚕 " + String(repeating: "👩‍👩‍👧‍👦", count: 12), String(repeating: "a", count: 300),
        String(repeating: "word ", count: 60) + "end", "nul\u{0}and del\u{7F} and c1\u{85}",
    ]

    @Test(arguments: subjects)
    func aSubjectComesBackWithControlCharactersAsSpaces(subject: String) async throws {
        let bytes = MIMEEncoding.encode(MailFixtures.message(subject: subject), body: .quotedPrintable)
        let parsed = try await ParsedMail.parse(bytes)
        let expected = String(
            String.UnicodeScalarView(
                subject.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
        #expect(parsed.header("Subject") == expected)
        #expect(parsed.headerNames == MailFixtures.headerNames)
        for line in Self.headerBlock(of: bytes) {
            #expect(line.utf8.count <= 78, "\(line)")
        }
    }

    @Test func theBoundaryIsRedrawnWhenAPartHoldsIt() throws {
        var first = SeededGenerator(seed: 7)
        let plain = String(
            decoding: MIMEEncoding.encode(MailFixtures.message(), body: .eightBit, boundaryFrom: &first), as: UTF8.self)
        let boundary = try #require(plain.firstMatch(of: /boundary="([^"]+)"/)?.1).description
        var message = MailFixtures.message()
        message.text = "--\(boundary)\n" + message.text
        message.html = boundary
        var second = SeededGenerator(seed: 7)
        let encoded = MIMEEncoding.encode(message, body: .eightBit, boundaryFrom: &second)
        let text = String(decoding: encoded, as: UTF8.self)
        let redrawn = try #require(text.firstMatch(of: /boundary="([^"]+)"/)?.1).description
        #expect(redrawn != boundary)
        #expect(text.components(separatedBy: redrawn).count == 5, "Content-Type, two parts, the end")
    }

    @Test(arguments: [MIMEEncoding.Body.eightBit, .quotedPrintable])
    func longLinesAreMadeLegalAndComeBackWhole(body: MIMEEncoding.Body) async throws {
        var message = MailFixtures.message()
        message.text =
            "start " + String(repeating: "é=x ", count: 600) + "\nshort\n" + String(repeating: "b", count: 999)
        let bytes = MIMEEncoding.encode(message, body: body)
        #expect(Self.lines(of: bytes).allSatisfy { $0.count <= 1000 })
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains("Content-Transfer-Encoding: quoted-printable"))
        if body == .eightBit { #expect(text.contains("Content-Transfer-Encoding: 8bit"), "the HTML part stays 8-bit") }
        let parsed = try await ParsedMail.parse(bytes)
        #expect(parsed.plainText == message.text)
        #expect(parsed.htmlText == message.html)
    }

    @Test func quotedPrintableDecodesToTheText() async throws {
        var message = MailFixtures.message()
        message.text =
            "trailing space \ntrailing tab\t\n=equals= and =3D\n" + String(repeating: "x", count: 75)
            + "\n" + String(repeating: "ü", count: 40) + "\n.dot\nnul\u{0}byte\n\nend"
        message.html = String(repeating: "<b>ß</b> ", count: 30)
        let bytes = MIMEEncoding.encode(message, body: .quotedPrintable)
        #expect(Self.lines(of: bytes).allSatisfy { $0.count <= 78 })
        #expect(bytes.allSatisfy { $0 < 0x80 })
        let parsed = try await ParsedMail.parse(bytes)
        #expect(parsed.plainText == message.text)
        #expect(parsed.htmlText == message.html)
    }

    @Test func carriageReturnsInTheBodyEndLines() async throws {
        var message = MailFixtures.message()
        message.text = "one\r\ntwo\rthree\n"
        let parsed = try await ParsedMail.parse(MIMEEncoding.encode(message, body: .eightBit))
        #expect(parsed.plainText == "one\ntwo\nthree\n")
    }

    @Test func anInvalidMessageIDIsMadeValid() async throws {
        let parsed = try await ParsedMail.parse(
            MIMEEncoding.encode(MailFixtures.message(id: "bad id\r\nBcc: x>"), body: .eightBit))
        #expect(parsed.headerNames == MailFixtures.headerNames)
        #expect(parsed.header("Message-ID") == "<bad_id__Bcc__x_@invalid>")
        #expect(MailMessage.isValidMessageID("3f1c.a@koober.localhost"))
        #expect(!MailMessage.isValidMessageID("a@@b"))
        #expect(!MailMessage.isValidMessageID(".a@b"))
    }
}
