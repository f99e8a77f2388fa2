/// A staff member's authenticator secret (RFC 6238's shared key): 160 bits from the system's CSPRNG, made at enrolment,
/// shown once as base32 text and as an `otpauth://` URI (the QR code), then kept in storage as `base32`.
///
/// It never prints: `description`, `debugDescription` and its mirror say `TOTPSecret(redacted)`, so no log line, `dump`
/// or failed test can leak it.
public struct TOTPSecret: Equatable, Sendable {
    /// RFC 4226's recommended length, and the SHA-1 block's key length.
    public static let byteCount = 20

    public let bytes: [UInt8]

    /// A secret from stored bytes; `nil` unless there are exactly `byteCount` of them.
    public init?(bytes: [UInt8]) {
        guard bytes.count == Self.byteCount else { return nil }
        self.bytes = bytes
    }

    /// The longest base32 text read at all: the 32 letters, with room for spaces around and between them.
    public static let maximumTextLength = 128

    /// A secret from its base32 text (`Base32.decode`: either case, spaces ignored); `nil` unless it is exactly
    /// `byteCount` bytes. Bounded before anything else is read.
    public init?(base32 text: String) {
        guard text.utf8.count <= Self.maximumTextLength, let bytes = Base32.decode(text) else { return nil }
        self.init(bytes: bytes)
    }

    private init(checkedBytes: [UInt8]) {
        bytes = checkedBytes
    }

    /// A fresh secret from the system's CSPRNG.
    public static func generate() -> TOTPSecret {
        TOTPSecret(checkedBytes: RandomToken.bytes(count: byteCount))
    }

    /// The secret as a person types it into an authenticator app: 32 upper-case base32 letters, no padding.
    public var base32: String {
        Base32.encode(bytes)
    }

    /// The URI an authenticator app reads from the enrolment page's QR code (Google Authenticator's Key Uri Format):
    /// `otpauth://totp/ISSUER:ACCOUNT?secret=…&issuer=…&algorithm=SHA1&digits=6&period=30`, every label part and
    /// query value percent-encoded but for RFC 3986's unreserved characters (so an email's `@` and `+` are `%40` and
    /// `%2B`).
    public func authenticatorURI(account: String, issuer: String = TOTP.issuer) -> String {
        let issuerText = Self.percentEncoded(issuer)
        return "otpauth://totp/\(issuerText):\(Self.percentEncoded(account))?secret=\(base32)&issuer=\(issuerText)"
            + "&algorithm=SHA1&digits=\(TOTPCode.length)&period=\(TOTP.period)"
    }

    private static func percentEncoded(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var output: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                output.append(byte)
            default:
                output += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Compared in constant time, as every secret is.
    public static func == (lhs: TOTPSecret, rhs: TOTPSecret) -> Bool {
        ConstantTime.equals(lhs.bytes, rhs.bytes)
    }
}

extension TOTPSecret: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String { "TOTPSecret(redacted)" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: [:], displayStyle: .struct) }
}
