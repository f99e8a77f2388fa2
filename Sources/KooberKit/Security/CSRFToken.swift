import Crypto

/// Form tokens as OWASP's CSRF cheat sheet describes its signed double-submit cookie: `nonce.mac`, where `mac` is the
/// HMAC-SHA-256, under the server's `CSRFKey`, of the session-dependent value (`CSRFBinding`) and a random nonce,
/// each preceded by its length so no two inputs sign the same message.
///
/// Nothing is stored per token: a POST is checked by recomputing the HMAC for the binding its cookies show. Another
/// site cannot compute a token without the key, nor read one from Koober's pages. The nonce makes every rendered
/// token different, so compression of a page (BREACH) cannot leak a token byte by byte.
public enum CSRFToken {
    private static let nonceByteCount = 16
    /// base64url without padding: 16 bytes → 22 characters, 32 bytes → 43.
    private static let nonceLength = 22
    private static let macLength = 43

    /// A fresh token for forms shown to the visitor that `binding` identifies.
    public static func make(for binding: CSRFBinding, key: CSRFKey) -> String {
        let nonce = Base64URL.encode(RandomToken.bytes(count: nonceByteCount))
        return nonce + "." + mac(binding: binding, nonce: nonce, key: key)
    }

    /// Whether `token` (as submitted, untrusted) was made by `make(for: binding, key: key)`; compared in constant time.
    public static func isValid(_ token: String, for binding: CSRFBinding, key: CSRFKey) -> Bool {
        let bytes = Array(token.utf8)
        guard bytes.count == nonceLength + 1 + macLength, bytes[nonceLength] == UInt8(ascii: "."),
            bytes.allSatisfy({ $0 == UInt8(ascii: ".") || Base64URL.isAlphabet($0) })
        else { return false }
        let nonce = String(decoding: bytes[..<nonceLength], as: UTF8.self)
        let expected = Array(mac(binding: binding, nonce: nonce, key: key).utf8)
        return ConstantTime.equals(Array(bytes[(nonceLength + 1)...]), expected)
    }

    private static func mac(binding: CSRFBinding, nonce: String, key: CSRFKey) -> String {
        var message = "koober-csrf!\(binding.kind)"
        for part in [binding.value, nonce] {
            message += "!\(part.utf8.count)!\(part)"
        }
        return Base64URL.encode(
            Array(HMAC<SHA256>.authenticationCode(for: Array(message.utf8), using: key.symmetricKey)))
    }
}
