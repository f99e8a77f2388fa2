import Crypto
import Foundation

/// A session id as the browser holds it: 256 bits from the system's CSPRNG, base64url without padding.
/// Storage only ever sees its SHA-256 (`hash`), so a leaked database cannot be turned into sessions.
public struct SessionToken: Equatable, Sendable {
    public let value: String

    public init(value: String) {
        self.value = value
    }

    /// A fresh random token.
    public static func generate() -> SessionToken {
        SessionToken(value: RandomToken.generate())
    }

    /// The SHA-256 of the token's text, in hex.
    public var hash: SessionTokenHash {
        SessionTokenHash(hex: SHA256.hash(data: Data(value.utf8)).map { String(format: "%02x", $0) }.joined())
    }
}

/// Random 256-bit values in base64url, for session ids and form tokens.
public enum RandomToken {
    public static func generate() -> String {
        var generator = SystemRandomNumberGenerator()  // getrandom(2) on Linux: the system CSPRNG
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
