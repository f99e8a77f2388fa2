import HTTPServer

/// A cookie as a browser keeps it after a `Set-Cookie` header (RFC 6265 §5.2–5.3, one host, no domains).
public struct BrowserCookie: Sendable, Equatable, CustomStringConvertible {
    public var name: String
    public var value: String
    /// The cookie is sent for this path and the paths under it.
    public var path: String
    /// Seconds since 1970 after which the cookie is gone; `nil` for a session cookie.
    public var expires: Int?
    /// Kept for tests to check; the cookie is still sent over plain HTTP, because tests run on loopback.
    public var secure: Bool
    public var httpOnly: Bool
    public var sameSite: String?

    public init(
        name: String,
        value: String,
        path: String = "/",
        expires: Int? = nil,
        secure: Bool = false,
        httpOnly: Bool = false,
        sameSite: String? = nil
    ) {
        self.name = name
        self.value = value
        self.path = path
        self.expires = expires
        self.secure = secure
        self.httpOnly = httpOnly
        self.sameSite = sameSite
    }

    /// Parses one `Set-Cookie` header value received in answer to a request for `requestPath` at `now`
    /// (seconds since 1970); `nil` when it has no `name=value` pair. `Max-Age` wins over `Expires`, and a
    /// `Max-Age` of zero or less makes the cookie already expired.
    public init?(setCookie header: String, requestPath: String, now: Int) {
        var attributes = header.split(separator: ";", omittingEmptySubsequences: false).makeIterator()
        guard let pair = attributes.next(), let equals = pair.firstIndex(of: "=") else { return nil }
        let name = pair[..<equals].trimmingSpaces
        guard !name.isEmpty else { return nil }
        self.init(name: String(name), value: String(pair[pair.index(after: equals)...].trimmingSpaces))
        path = Self.defaultPath(for: requestPath)
        var maxAge: Int?
        while let attribute = attributes.next() {
            let parts = attribute.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = parts[0].trimmingSpaces.lowercased()
            let argument = parts.count > 1 ? String(parts[1].trimmingSpaces) : ""
            switch key {
            case "max-age": maxAge = Int(argument).map { Self.expiry(now: now, maxAge: $0) } ?? maxAge
            case "expires": expires = HTTPDate.parse(argument) ?? expires
            case "path" where argument.hasPrefix("/"): path = argument
            case "path": path = Self.defaultPath(for: requestPath)
            case "secure": secure = true
            case "httponly": httpOnly = true
            case "samesite": sameSite = argument
            default: break
            }
        }
        if let maxAge { expires = maxAge }
    }

    /// Whether the cookie has expired at `now` (seconds since 1970).
    public func isExpired(at now: Int) -> Bool {
        expires.map { $0 <= now } ?? false
    }

    /// Whether the cookie goes with a request for `requestPath` (RFC 6265 §5.1.4 path-match).
    public func matches(path requestPath: String) -> Bool {
        guard requestPath.hasPrefix(path) else { return false }
        return requestPath.count == path.count || path.hasSuffix("/")
            || requestPath.dropFirst(path.count).hasPrefix("/")
    }

    /// `name=value`, as sent in a `Cookie` header.
    public var description: String {
        "\(name)=\(value)"
    }

    private static func expiry(now: Int, maxAge: Int) -> Int {
        if maxAge <= 0 { return Int.min }
        let (sum, overflow) = now.addingReportingOverflow(maxAge)
        return overflow ? Int.max : sum
    }

    /// The directory of the request path: `/a/b` gives `/a`, `/a` and `/` give `/`.
    static func defaultPath(for requestPath: String) -> String {
        guard requestPath.hasPrefix("/"), let slash = requestPath.lastIndex(of: "/"),
            slash != requestPath.startIndex
        else { return "/" }
        return String(requestPath[..<slash])
    }
}

extension Substring {
    fileprivate var trimmingSpaces: Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return self[endIndex...]
        }
        return self[first...last]
    }
}
