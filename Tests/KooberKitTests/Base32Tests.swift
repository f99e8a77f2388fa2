import KooberKit
import Testing

/// base32 as an authenticator secret is written and typed: RFC 4648's alphabet, upper case and unpadded when written;
/// either case and spaces when read, and nothing else.
struct Base32Tests {
    static let vectors = [
        ("", ""), ("f", "MY"), ("fo", "MZXQ"), ("foo", "MZXW6"), ("foob", "MZXW6YQ"), ("fooba", "MZXW6YTB"),
        ("foobar", "MZXW6YTBOI"),
    ]

    @Test(arguments: vectors)
    func encodesRFC4648sTestVectorsWithoutPadding(input: String, expected: String) {
        #expect(Base32.encode(Array(input.utf8)) == expected)
    }

    @Test(arguments: vectors)
    func decodesThemInEitherCaseAndWithSpaces(expected: String, text: String) {
        #expect(Base32.decode(text) == Array(expected.utf8))
        #expect(Base32.decode(text.lowercased()) == Array(expected.utf8))
        #expect(Base32.decode(" " + text.map { "\($0) " }.joined()) == Array(expected.utf8))
    }

    @Test func everyLengthAndEveryByteSurviveBothWays() {
        var generator = SystemRandomNumberGenerator()
        for length in 0..<70 {
            let bytes = (0..<length).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
            let text = Base32.encode(bytes)
            #expect(text.utf8.count == (length * 8 + 4) / 5)
            #expect(Base32.decode(text) == bytes, "\(bytes)")
        }
        let everyByte = (0...255).map { UInt8($0) }
        #expect(Base32.decode(Base32.encode(everyByte)) == everyByte)
    }

    @Test(arguments: [
        "MZXW6YQ=", "MY======", "=", "M", "MZX", "MZXW6Y", "MZXW6YR", "MZ", "MY0", "MY1", "MY8", "MY9", "MZ-XQ",
        "M\tY", "MY\n", "\u{A0}MY", "ÉY", "ＭＹ", "MY\u{0}", "M\u{301}Y", String(repeating: "A", count: 10_000) + "1",
    ])
    func anythingElseIsRefused(text: String) {
        #expect(Base32.decode(text) == nil, "\(text.debugDescription)")
    }
}
