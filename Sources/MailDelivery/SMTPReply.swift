/// A server's reply: its code (200...599 only) and its lines' text, without the code and separator; parsed from bytes
/// by `SMTPReplyParser`.
public struct SMTPReply: Sendable, Equatable {
    public let code: Int
    public let lines: [String]

    public init?(code: Int, lines: [String]) {
        guard (200...599).contains(code), !lines.isEmpty else { return nil }
        self.code = code
        self.lines = lines
    }

    /// 2xx.
    public var isPositive: Bool { code < 300 }
    /// 4xx.
    public var isTransientFailure: Bool { (400...499).contains(code) }
    /// 5xx.
    public var isPermanentFailure: Bool { code >= 500 }

    /// The reply as one line, for results and logs: `451 try again later`.
    public var summary: String {
        "\(code) " + lines.joined(separator: " ").trimmingSpaces
    }
}
