/// base32 (RFC 4648 §6) with the upper-case alphabet and without padding: an authenticator app's secret as a person
/// reads or types it (`TOTPSecret`).
///
/// Reading is forgiving only where people are: lower case is read as upper case and spaces are skipped (apps and pages
/// show the text in groups). Anything else — padding, other characters, a length no encoding makes, or bits left over
/// after the last byte — is no base32 at all, so what is read writes back as the same letters.
public enum Base32 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567".utf8)

    /// Five bits a character: 5 bytes make 8 characters, and the last character of a shorter group is padded with zero
    /// bits.
    public static func encode(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count * 8 + 4) / 5)
        var buffer: UInt32 = 0
        var bitCount = 0
        for byte in bytes {
            buffer = buffer << 8 | UInt32(byte)
            bitCount += 8
            while bitCount >= 5 {
                bitCount -= 5
                output.append(alphabet[Int(buffer >> UInt32(bitCount) & 0x1F)])
            }
            buffer &= (1 << UInt32(bitCount)) - 1
        }
        if bitCount > 0 {
            output.append(alphabet[Int(buffer << UInt32(5 - bitCount) & 0x1F)])
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The bytes `text` encodes, or `nil` unless it is base32 as `encode` writes it (in either case, with any spaces).
    public static func decode(_ text: String) -> [UInt8]? {
        var output: [UInt8] = []
        var buffer: UInt32 = 0
        var bitCount = 0
        for byte in text.utf8 where byte != UInt8(ascii: " ") {
            guard let value = value(of: byte) else { return nil }
            buffer = buffer << 5 | value
            bitCount += 5
            if bitCount >= 8 {
                bitCount -= 8
                output.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bitCount)))
            }
            buffer &= (1 << UInt32(bitCount)) - 1
        }
        // A length `encode` makes leaves fewer than five bits over, all of them zero.
        guard bitCount < 5, buffer == 0 else { return nil }
        return output
    }

    /// The 5-bit value of an alphabet character in either case, or `nil` for any other byte.
    private static func value(of byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): UInt32(byte - UInt8(ascii: "A"))
        case UInt8(ascii: "a")...UInt8(ascii: "z"): UInt32(byte - UInt8(ascii: "a"))
        case UInt8(ascii: "2")...UInt8(ascii: "7"): UInt32(byte - UInt8(ascii: "2")) + 26
        default: nil
        }
    }
}
