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
        let digits = Array("0123456789abcdef".utf8)
        let hex = SHA256.hash(data: Data(value.utf8)).flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0xF)]] }
        return SessionTokenHash(hex: String(decoding: hex, as: UTF8.self))
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
