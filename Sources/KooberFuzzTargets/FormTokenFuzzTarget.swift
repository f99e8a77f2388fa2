import KooberKit

/// Form tokens (`CSRFToken`): a submitted token is untrusted bytes, checked without trapping, and a token is valid
/// only for the binding it was made for. The input is two pre-session ids (split at the first newline): a token made
/// for the first verifies for the second only if they are the same id, and the input itself, taken as a token, never
/// verifies (forging one takes the key).
public struct FormTokenFuzzTarget: FuzzTarget {
    public let name = "form-token"
    private static let key = CSRFKey(bytes: Array(repeating: 7, count: CSRFKey.byteCount))!

    public func check(_ input: [UInt8]) throws(FuzzFinding) {
        let parts = input.split(separator: UInt8(ascii: "\n"), maxSplits: 1, omittingEmptySubsequences: false)
        let first = String(decoding: parts[0], as: UTF8.self)
        let second = parts.count > 1 ? String(decoding: parts[1], as: UTF8.self) : first
        let token = CSRFToken.make(for: .preSession(first), key: Self.key)
        guard CSRFToken.isValid(token, for: .preSession(second), key: Self.key) == (first == second) else {
            throw FuzzFinding("a token for \(first.debugDescription) judged wrongly for \(second.debugDescription)")
        }
        if CSRFToken.isValid(String(decoding: input, as: UTF8.self), for: .preSession(first), key: Self.key) {
            throw FuzzFinding("the input itself verified as a token")
        }
    }
}
