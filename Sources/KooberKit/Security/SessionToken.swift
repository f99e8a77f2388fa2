import Crypto
import Foundation

/// A session id as the browser holds it: 256 bits from the system's CSPRNG, base64url without padding.
/// Storage only ever sees its SHA-256 (`hash`), so a leaked database cannot be turned into sessions.
public struct SessionToken: Equatable, Sendable {
    public let value: String

    public init(value: String) {
        self.value = value
    }

    /// A token as a client hands it back (a link's, a cookie's), if it could be one `generate()` made; anything else
    /// is no token at all.
    public init?(wellFormed value: String) {
        guard RandomToken.isWellFormed(value) else { return nil }
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

/// Random values from the system's CSPRNG: 256-bit base64url tokens for session ids and pre-session ids, and bytes
/// for keys and nonces.
public enum RandomToken {
    public static func generate() -> String {
        Base64URL.encode(bytes(count: 32))
    }

    /// Whether `token` looks like one `generate()` makes: 43 characters of the base64url alphabet.
    public static func isWellFormed(_ token: String) -> Bool {
        token.utf8.count == 43 && token.utf8.allSatisfy { Base64URL.isAlphabet($0) }
    }

    /// `count` random bytes, drawn eight at a time (one `getrandom(2)` call each on Linux).
    public static func bytes(count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count + 7)
        while bytes.count < count {
            withUnsafeBytes(of: generator.next() as UInt64) { bytes.append(contentsOf: $0) }
        }
        return Array(bytes.prefix(count))
    }
}
