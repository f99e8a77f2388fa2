import MailDelivery

/// The SMTP reply parser (what a mail server sends `SMTPTransport`): whatever the bytes, in whatever pieces, it returns
/// or throws without trapping; every reply it parses has a code from 200 to 599 and at most 100 lines of at most
/// 4 KiB each; and the replies do not depend on how the bytes were cut (the first byte picks the piece size).
public struct SMTPReplyFuzzTarget: FuzzTarget {
    public let name = "smtp-reply"

    public init() {}

    public func check(_ input: [UInt8]) throws(FuzzFinding) {
        let pieceSize = Int(input.first ?? 0) % 16 + 1
        let inPieces = parse(
            stride(from: 0, to: input.count, by: pieceSize).map {
                input[$0..<min($0 + pieceSize, input.count)]
            })
        let whole = parse([input[...]])
        guard inPieces.replies == whole.replies, inPieces.failed == whole.failed else {
            throw FuzzFinding("parsing in pieces of \(pieceSize) gave other replies than parsing at once")
        }
        for reply in whole.replies {
            guard (200...599).contains(reply.code) else { throw FuzzFinding("a reply with code \(reply.code)") }
            guard (1...100).contains(reply.lines.count) else {
                throw FuzzFinding("a reply with \(reply.lines.count) lines")
            }
            guard reply.lines.allSatisfy({ $0.unicodeScalars.count <= 4096 }) else {
                throw FuzzFinding("a reply line over 4 KiB")
            }
        }
    }

    private func parse(_ pieces: [ArraySlice<UInt8>]) -> (replies: [SMTPReply], failed: Bool) {
        var parser = SMTPReplyParser()
        var replies: [SMTPReply] = []
        for piece in pieces {
            do {
                try parser.parse(piece, into: &replies)
            } catch {
                return (replies, true)
            }
        }
        return (replies, false)
    }
}
