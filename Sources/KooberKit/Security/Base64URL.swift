/// base64url without padding (RFC 4648 §5): the alphabet that goes into cookies, form fields and URLs unescaped.
///
/// Encoded by hand rather than with Foundation's base64 and three string replacements: every page with a form
/// encodes a token, and this is several times faster.
public enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    public static func encode(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count * 4 + 2) / 3)
        var index = 0
        while index < bytes.count {
            let count = min(3, bytes.count - index)
            var group = UInt32(bytes[index]) << 16
            if count > 1 { group |= UInt32(bytes[index + 1]) << 8 }
            if count > 2 { group |= UInt32(bytes[index + 2]) }
            // 3 bytes make 4 characters, 2 make 3, 1 makes 2.
            for shift in [18, 12, 6, 0].prefix(count + 1) {
                output.append(alphabet[Int((group >> UInt32(shift)) & 0x3F)])
            }
            index += 3
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The 6-bit value of an alphabet character, or `nil` for any other byte.
    public static func index(of byte: UInt8) -> Int? {
        alphabet.firstIndex(of: byte)
    }

    /// Whether `byte` is one of the 64 characters of the alphabet.
    public static func isAlphabet(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
    }
}
