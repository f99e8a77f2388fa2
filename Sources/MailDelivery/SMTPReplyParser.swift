/// Replies read from a server's bytes as they arrive (RFC 5321, 4.2): `250-first line`, …, `250 last line`, each ending
/// with CRLF (a bare LF is taken too). Bounded: a line over `maximumLineLength` bytes, a reply of more than
/// `maximumLines` lines, a code outside 200...599, a line without a code, or a multi-line reply whose codes differ, is
/// a `SMTPProtocolError`, after which the parser refuses everything.
public struct SMTPReplyParser: Sendable {
    public let maximumLineLength: Int
    public let maximumLines: Int
    private var line: [UInt8] = []
    private var code: Int?
    private var lines: [String] = []
    private var failure: SMTPProtocolError?

    public init(maximumLineLength: Int = 4096, maximumLines: Int = 100) {
        self.maximumLineLength = maximumLineLength
        self.maximumLines = maximumLines
    }

    /// Whether bytes of a reply not yet complete are held (after STARTTLS's 220 there must be none).
    public var hasPartialReply: Bool {
        !line.isEmpty || code != nil
    }

    /// Takes `bytes` and returns the replies they complete, in order (on a failure, only the failure).
    public mutating func parse(_ bytes: some Sequence<UInt8>) throws(SMTPProtocolError) -> [SMTPReply] {
        var replies: [SMTPReply] = []
        try parse(bytes, into: &replies)
        return replies
    }

    /// Takes `bytes` and appends the replies they complete to `replies`, in order, those before a failure too.
    public mutating func parse(_ bytes: some Sequence<UInt8>, into replies: inout [SMTPReply])
        throws(SMTPProtocolError)
    {
        if let failure { throw failure }
        do throws(SMTPProtocolError) {
            for byte in bytes {
                if byte == 0x0A {
                    if line.last == 0x0D { line.removeLast() }
                    if let reply = try endLine() { replies.append(reply) }
                } else if line.count >= maximumLineLength {
                    throw SMTPProtocolError("a reply line longer than \(maximumLineLength) bytes")
                } else {
                    line.append(byte)
                }
            }
        } catch {
            failure = error
            throw error
        }
    }

    private mutating func endLine() throws(SMTPProtocolError) -> SMTPReply? {
        defer { line.removeAll(keepingCapacity: true) }
        let digits = line.prefix(3)
        guard digits.count == 3, digits.allSatisfy({ (0x30...0x39).contains($0) }),
            let lineCode = Int(String(decoding: digits, as: UTF8.self)), (200...599).contains(lineCode)
        else {
            throw SMTPProtocolError(
                "a reply line without a code from 200 to 599: \(String(decoding: line.prefix(80), as: UTF8.self).debugDescription)"
            )
        }
        if let code, code != lineCode {
            throw SMTPProtocolError("a multi-line reply with codes \(code) and \(lineCode)")
        }
        let separator = line.count > 3 ? line[3] : UInt8(ascii: " ")
        guard separator == UInt8(ascii: " ") || separator == UInt8(ascii: "-") else {
            throw SMTPProtocolError("a reply line whose code is followed by neither a space nor a hyphen")
        }
        guard lines.count < maximumLines else { throw SMTPProtocolError("a reply of more than \(maximumLines) lines") }
        code = lineCode
        lines.append(String(decoding: line.dropFirst(4), as: UTF8.self))
        guard separator == UInt8(ascii: " ") else { return nil }
        defer {
            code = nil
            lines = []
        }
        return SMTPReply(code: lineCode, lines: lines)
    }
}

/// A server that does not speak SMTP as it should: a reply that cannot be parsed, or one out of place.
public struct SMTPProtocolError: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
