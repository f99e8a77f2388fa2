import MailDelivery
import Testing

/// Replies parsed from bytes in any pieces, and the bounds on what a server can make the client hold.
@Suite struct SMTPReplyParserTests {
    @Test func parsesOneAndMultiLineRepliesInAnyPieces() throws {
        let bytes = Array("220 mail ready\r\n250-mail.example\r\n250-8BITMIME\n250 STARTTLS\r\n354\r\n".utf8)
        for pieceSize in [1, 2, 7, bytes.count] {
            var parser = SMTPReplyParser()
            var replies: [SMTPReply] = []
            for start in stride(from: 0, to: bytes.count, by: pieceSize) {
                replies += try parser.parse(bytes[start..<min(start + pieceSize, bytes.count)])
            }
            #expect(replies.map(\.code) == [220, 250, 354])
            #expect(replies[1].lines == ["mail.example", "8BITMIME", "STARTTLS"])
            #expect(replies[2].lines == [""])
            #expect(!parser.hasPartialReply)
        }
    }

    @Test(arguments: [
        "hello\r\n", "99 x\r\n", "199 x\r\n", "600 x\r\n", "25 x\r\n", "250x\r\n", "250-a\r\n251 b\r\n", "2a0 x\r\n",
    ])
    func refusesWhatIsNotAReply(text: String) {
        var parser = SMTPReplyParser()
        #expect(throws: SMTPProtocolError.self) { try parser.parse(Array(text.utf8)) }
        #expect(throws: SMTPProtocolError.self, "and everything after") { try parser.parse(Array("250 ok\r\n".utf8)) }
    }

    @Test func keepsTheRepliesBeforeAFailure() {
        var parser = SMTPReplyParser()
        var replies: [SMTPReply] = []
        #expect(throws: SMTPProtocolError.self) {
            try parser.parse(Array("250 queued\r\ngarbage\r\n".utf8), into: &replies)
        }
        #expect(replies.map(\.summary) == ["250 queued"])
    }

    @Test func boundsTheLineLengthAndTheNumberOfLines() throws {
        var longLine = SMTPReplyParser()
        #expect(throws: SMTPProtocolError.self) { try longLine.parse(Array(repeating: UInt8(ascii: "2"), count: 5000)) }
        var manyLines = SMTPReplyParser()
        let lines = String(repeating: "250-x\r\n", count: 100) + "250 end\r\n"
        #expect(throws: SMTPProtocolError.self) { try manyLines.parse(Array(lines.utf8)) }
        var justEnough = SMTPReplyParser()
        let reply = try justEnough.parse(Array((String(repeating: "250-x\r\n", count: 99) + "250 end\r\n").utf8))
        #expect(reply.first?.lines.count == 100)
    }
}
