import Crypto
import Foundation

/// Koober Ops' one-time passwords (RFC 6238 TOTP: HMAC-SHA-1, 6 digits, 30-second steps from the Unix epoch), on
/// RFC 4226's HOTP. A code is accepted for its own step and one step either side (clocks drift), and only once: the
/// store records the step that matched and hands it back as `lastUsedStep`.
public enum TOTP {
    /// The length of a step, in seconds.
    public static let period: Int64 = 30
    /// The issuer an authenticator app shows beside the code.
    public static let issuer = "Koober Ops"

    /// RFC 4226's HOTP value of `counter`, `digits` long with leading zeros: HMAC-SHA-1 of the counter's 8 big-endian
    /// bytes, dynamically truncated to 31 bits, modulo 10^`digits`. Koober's codes have 6 digits; 7 and 8 are here
    /// for the RFCs' test vectors.
    public static func code(counter: UInt64, secret: TOTPSecret, digits: Int = TOTPCode.length) -> String {
        precondition((6...8).contains(digits), "HOTP codes have 6 to 8 digits")
        let message = withUnsafeBytes(of: counter.bigEndian) { Array($0) }
        let mac = Array(HMAC<Insecure.SHA1>.authenticationCode(for: message, using: SymmetricKey(data: secret.bytes)))
        let offset = Int(mac[mac.count - 1] & 0x0F)
        var value = mac[offset..<offset + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) } & 0x7FFF_FFFF
        var text = [UInt8](repeating: UInt8(ascii: "0"), count: digits)
        for index in text.indices.reversed() {
            text[index] += UInt8(value % 10)
            value /= 10
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The step `date` falls in: whole seconds since 1970 divided by `period`, rounded down. `nil` for a date before
    /// 1970, or so far off that its seconds do not fit in 63 bits (or are not a number): such a date has no code.
    public static func step(for date: Date) -> Int64? {
        let seconds = date.timeIntervalSince1970
        guard seconds.isFinite, seconds >= 0, seconds < 0x1p63 else { return nil }
        return Int64(seconds.rounded(.down)) / period
    }

    /// The code of `date`'s step, or `nil` when the date has none (`step(for:)`).
    public static func code(at date: Date, secret: TOTPSecret, digits: Int = TOTPCode.length) -> String? {
        step(for: date).map { code(counter: UInt64($0), secret: secret, digits: digits) }
    }

    /// The step whose code `code` is, among `date`'s step and the one before and after it, if that step is later than
    /// `lastUsedStep` (the step of the staff member's last accepted code, `nil` before the first): the store records it
    /// as the new `lastUsedStep`, so the same code, or an older one, is refused from then on. Should two steps share a
    /// code, the latest is taken. All three codes are computed and compared in constant time, whichever matches.
    public static func matchingStep(
        for code: TOTPCode, secret: TOTPSecret, at date: Date, after lastUsedStep: Int64?
    ) -> Int64? {
        guard let current = step(for: date) else { return nil }
        let typed = Array(code.value.utf8)
        var matched: Int64?
        for candidate in current - 1...current + 1 where candidate >= 0 {
            let expected = Array(self.code(counter: UInt64(candidate), secret: secret).utf8)
            let isMatch = ConstantTime.equals(expected, typed)
            if isMatch, candidate > lastUsedStep ?? -1 {
                matched = candidate
            }
        }
        return matched
    }
}
