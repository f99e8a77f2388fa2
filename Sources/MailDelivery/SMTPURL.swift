/// Where an `SMTPTransport` sends: `smtp://[user:password@]host[:port]` (port 25 unless given; STARTTLS whenever the
/// server offers it, and required before credentials are sent) or `smtps://…` (port 465 unless given; TLS from the
/// start). The user and password are percent-decoded; the host is a name, an IPv4 address or a bracketed IPv6 one.
/// `init?` refuses other schemes, an empty or odd host, a port outside 1...65535, a path, a query or bad escapes,
/// without trapping on any input.
public struct SMTPURL: Sendable, Equatable {
    /// Without brackets for IPv6.
    public let host: String
    public let port: Int
    public let username: String?
    public let password: String?
    /// `smtps://`: TLS from the start rather than by STARTTLS.
    public let implicitTLS: Bool

    public init?(_ text: String) {
        let schemeEnd = text.range(of: "://")
        guard let schemeEnd else { return nil }
        switch text[..<schemeEnd.lowerBound].lowercased() {
        case "smtp": implicitTLS = false
        case "smtps": implicitTLS = true
        default: return nil
        }
        var rest = Substring(text[schemeEnd.upperBound...])
        if rest.hasSuffix("/") { rest = rest.dropLast() }
        if let at = rest.lastIndex(of: "@") {
            let userInfo = rest[..<at]
            let colon = userInfo.firstIndex(of: ":")
            guard let user = Self.percentDecoded(userInfo[..<(colon ?? userInfo.endIndex)]), !user.isEmpty else {
                return nil
            }
            var secret = ""
            if let colon {
                guard let decoded = Self.percentDecoded(userInfo[userInfo.index(after: colon)...]) else { return nil }
                secret = decoded
            }
            username = user
            password = secret
            rest = rest[rest.index(after: at)...]
        } else {
            username = nil
            password = nil
        }
        guard let (host, port) = Self.hostAndPort(rest, defaultPort: implicitTLS ? 465 : 25) else { return nil }
        self.host = host
        self.port = port
    }

    /// Whether a user (and password) are given.
    public var hasCredentials: Bool { username != nil }

    private static func hostAndPort(_ text: Substring, defaultPort: Int) -> (String, Int)? {
        var host: Substring
        var portText: Substring?
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            host = text[text.index(after: text.startIndex)..<close]
            let after = text[text.index(after: close)...]
            guard host.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }), host.contains(":") else { return nil }
            if !after.isEmpty {
                guard after.hasPrefix(":") else { return nil }
                portText = after.dropFirst()
            }
        } else {
            host = text
            if let colon = text.lastIndex(of: ":") {
                host = text[..<colon]
                portText = text[text.index(after: colon)...]
            }
            let allowed: (Character) -> Bool = {
                ($0.isASCII && ($0.isLetter || $0.isNumber)) || $0 == "." || $0 == "-" || $0 == "_"
            }
            guard host.allSatisfy(allowed), !host.hasPrefix("."), !host.hasPrefix("-") else { return nil }
        }
        guard !host.isEmpty, host.utf8.count <= 253 else { return nil }
        guard let portText else { return (String(host), defaultPort) }
        guard (1...5).contains(portText.utf8.count), portText.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
            let port = Int(portText), (1...65535).contains(port)
        else { return nil }
        return (String(host), port)
    }

    /// `%XX` escapes decoded; nil for a broken escape or bytes that are not UTF-8.
    private static func percentDecoded(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next(), let low = iterator.next(),
                [high, low].allSatisfy({ Character(Unicode.Scalar($0)).isHexDigit }),
                let byte = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16)
            else { return nil }
            bytes.append(byte)
        }
        return String(validating: bytes, as: UTF8.self)
    }
}
