/// The longest value a form field may hold (SPEC.md): longer is a field error, checked before anything is hashed,
/// stored or searched, so a megabyte typed into a name costs a page and nothing more.
///
/// Lengths are in characters (what a person counts) except the password's and the email's, which are in UTF-8 bytes
/// (argon2id hashes bytes; RFC 5321's 254 counts octets). A limit in characters also has one in bytes,
/// `maximumBytes`: four a character (the most one scalar takes), and never more than `mostBytes` (issue 41: one `a`
/// with 150,000 combining accents is one character, and was stored as 300 KB). The bytes are counted first, on the
/// value as sent: a count the string keeps, so a value of any size is refused without reading it.
public struct FieldLimit: Sendable, Equatable {
    public enum Unit: Sendable, Equatable {
        case characters
        case utf8Bytes
    }

    public let maximum: Int
    public let unit: Unit
    /// The bytes a limit in characters allows when it says so itself, beyond `mostBytes` (a staff member's reply to
    /// a report: `ReportReply.textLimit`).
    private let bytesAllowed: Int?

    public init(maximum: Int, unit: Unit) {
        self.maximum = maximum
        self.unit = unit
        self.bytesAllowed = nil
    }

    /// A limit in characters with bytes of its own: `bytes` in place of four a character capped at `mostBytes`.
    public init(characters maximum: Int, bytes: Int) {
        self.maximum = maximum
        self.unit = .characters
        self.bytesAllowed = bytes
    }

    /// The most UTF-8 bytes any rider's text may take (SPEC.md's longest field of theirs, 1,000 characters, at four
    /// bytes each). Staff's replies to reports have their own (`ReportReply.textLimit`).
    public static let mostBytes = 4_000

    public static let name = FieldLimit(maximum: 100, unit: .characters)
    public static let nickname = FieldLimit(maximum: 100, unit: .characters)
    public static let mobileNumber = FieldLimit(maximum: 100, unit: .characters)
    /// RFC 5321's longest forward path, less its angle brackets, in octets.
    public static let email = FieldLimit(maximum: 254, unit: .utf8Bytes)
    public static let password = FieldLimit(maximum: 1_024, unit: .utf8Bytes)
    public static let search = FieldLimit(maximum: 100, unit: .characters)

    /// The most UTF-8 bytes a value may take: the maximum itself for a limit in bytes, else four a character, at most
    /// `mostBytes` (or the bytes the limit was made with).
    public var maximumBytes: Int {
        switch unit {
        case .utf8Bytes: min(maximum, Self.mostBytes)
        case .characters: bytesAllowed ?? min(maximum * 4, Self.mostBytes)
        }
    }

    /// Whether `value` is longer than the limit, in characters or in bytes.
    public func isExceeded(by value: String) -> Bool {
        problem(with: value) != nil
    }

    /// The problem with `value`, if it is too long: `.tooLong(self)` when it holds too many characters (or bytes, for
    /// a limit in bytes), `.tooLong` of the limit in bytes when it holds few enough characters but too many bytes.
    /// Counting stops past the limits, so a huge value costs no more than a long one.
    public func problem(with value: String) -> FieldProblem? {
        if let problem = problem(withBytesOf: value) { return problem }
        guard unit == .characters, value.utf8.count > maximum else { return nil }  // no more characters than bytes
        return value.dropFirst(maximum).isEmpty ? nil : .tooLong(self)
    }

    /// The problem with a value as sent, by its bytes alone: for a field whose characters are counted only after
    /// trimming, this comes first, before the trimming reads it. Which limit it names: the characters' when the bytes
    /// the limit allows already hold as many characters as it allows (more follow), else the bytes' (a few characters
    /// of many bytes each: the combining accents).
    public func problem(withBytesOf value: String) -> FieldProblem? {
        let bytes = maximumBytes
        guard value.utf8.count > bytes else { return nil }
        guard unit == .characters else { return .tooLong(self) }
        let start = String(decoding: value.utf8.prefix(bytes), as: UTF8.self)
        let manyCharacters = !start.dropFirst(max(maximum - 1, 0)).isEmpty
        return .tooLong(manyCharacters ? self : FieldLimit(maximum: bytes, unit: .utf8Bytes))
    }
}
