import HTTPServer

/// The `Cookie` header parser: every name it returns is non-empty, trimmed and free of `=` and `;`, and no value
/// holds a `;` (the separator); and looking one cookie up by name finds what reading them all gives it. The checks look at bytes, as the parser does: `String` comparison would take U+037E
/// GREEK QUESTION MARK for a `;` (they are canonically equivalent), which no cookie separator is.
public struct CookieFuzzTarget: FuzzTarget {
    public let name = "cookie"

    public func check(_ input: [UInt8]) throws(FuzzFinding) {
        // Several header values, as a client may send several `Cookie` lines: split at newlines.
        let headerValues = input.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
        let cookies = Cookie.parse(headerValues)
        for (name, value) in cookies {
            let nameBytes = Array(name.utf8)
            guard !nameBytes.isEmpty, !nameBytes.contains(UInt8(ascii: "=")), !nameBytes.contains(UInt8(ascii: ";"))
            else {
                throw FuzzFinding("a cookie name that cannot be: \(name.debugDescription)")
            }
            guard nameBytes.first != UInt8(ascii: " "), nameBytes.last != UInt8(ascii: " ") else {
                throw FuzzFinding("an untrimmed name: \(name.debugDescription)")
            }
            guard !value.utf8.contains(UInt8(ascii: ";")) else {
                throw FuzzFinding("a value holding the separator: \(value.debugDescription)")
            }
            guard Cookie.value(named: name, in: headerValues).map({ Array($0.utf8) }) == Array(value.utf8) else {
                throw FuzzFinding("looking \(name.debugDescription) up does not find \(value.debugDescription)")
            }
        }
    }
}
