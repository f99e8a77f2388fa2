import HTTPServer

/// The `Cookie` header parser: every name it returns is non-empty, trimmed and free of `=` and `;`, and no value
/// holds a `;` (the separator).
public struct CookieFuzzTarget: FuzzTarget {
    public let name = "cookie"

    public func check(_ input: [UInt8]) throws(FuzzFinding) {
        // Several header values, as a client may send several `Cookie` lines: split at newlines.
        let headerValues = input.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
        for (name, value) in Cookie.parse(headerValues) {
            guard !name.isEmpty, !name.contains("="), !name.contains(";") else {
                throw FuzzFinding("a cookie name that cannot be: \(name.debugDescription)")
            }
            guard name.first != " ", name.last != " " else { throw FuzzFinding("an untrimmed name: \(name.debugDescription)") }
            guard !value.contains(";") else { throw FuzzFinding("a value holding the separator: \(value.debugDescription)") }
        }
    }
}
