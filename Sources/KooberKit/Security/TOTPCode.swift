/// An authenticator code as a person types it (**Authenticator code**): exactly six ASCII digits once the spaces are
/// taken out (apps show "123 456"). Anything else — letters, other scripts' digits, more or fewer digits — is no code
/// at all, and is never checked against a secret. Bounded before anything else is read.
public struct TOTPCode: Equatable, Sendable {
    /// The digits of every code: RFC 6238's, as Koober Ops' authenticators show them.
    public static let length = 6
    /// The longest text read at all: the six digits with room for spaces around and between them.
    public static let maximumTextLength = 32

    /// The six digits, without spaces.
    public let value: String

    public init?(typed text: String) {
        guard text.utf8.count <= Self.maximumTextLength else { return nil }
        var digits: [UInt8] = []
        digits.reserveCapacity(Self.length)
        for byte in text.utf8 where byte != UInt8(ascii: " ") {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), digits.count < Self.length else { return nil }
            digits.append(byte)
        }
        guard digits.count == Self.length else { return nil }
        value = String(decoding: digits, as: UTF8.self)
    }
}
