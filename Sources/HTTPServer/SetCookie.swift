/// A `Set-Cookie` response header with every attribute of RFC 6265 §4.1 (and `SameSite`).
public struct SetCookie: Sendable, Equatable {
    public enum SameSite: String, Sendable {
        case strict = "Strict"
        case lax = "Lax"
        case none = "None"
    }

    public var name: String
    /// Must consist of cookie-octets (no spaces, quotes, commas, semicolons or backslashes).
    public var value: String
    /// Seconds since 1970 when the cookie expires.
    public var expires: Int?
    public var maxAge: Int?
    public var domain: String?
    public var path: String?
    public var secure: Bool
    public var httpOnly: Bool
    public var sameSite: SameSite?

    public init(
        name: String,
        value: String,
        expires: Int? = nil,
        maxAge: Int? = nil,
        domain: String? = nil,
        path: String? = nil,
        secure: Bool = false,
        httpOnly: Bool = false,
        sameSite: SameSite? = nil
    ) {
        precondition(Self.isToken(name) && value.utf8.allSatisfy(Self.isCookieOctet), "invalid cookie \(name)")
        self.name = name
        self.value = value
        self.expires = expires
        self.maxAge = maxAge
        self.domain = domain
        self.path = path
        self.secure = secure
        self.httpOnly = httpOnly
        self.sameSite = sameSite
    }

    /// A cookie that tells the browser to forget `name` at `path`.
    public static func expired(name: String, path: String = "/") -> SetCookie {
        SetCookie(name: name, value: "", expires: 0, maxAge: 0, path: path)
    }

    /// The header value, e.g. `id=abc; Path=/; Max-Age=60; HttpOnly; SameSite=Lax`.
    public var headerValue: String {
        var parts = ["\(name)=\(value)"]
        if let expires { parts.append("Expires=\(HTTPDate.format(secondsSince1970: expires))") }
        if let maxAge { parts.append("Max-Age=\(maxAge)") }
        if let domain { parts.append("Domain=\(domain)") }
        if let path { parts.append("Path=\(path)") }
        if secure { parts.append("Secure") }
        if httpOnly { parts.append("HttpOnly") }
        if let sameSite { parts.append("SameSite=\(sameSite.rawValue)") }
        return parts.joined(separator: "; ")
    }

    private static func isToken(_ string: String) -> Bool {
        !string.isEmpty
            && string.utf8.allSatisfy { byte in
                byte > 0x20 && byte < 0x7F && !"()<>@,;:\\\"/[]?={}".utf8.contains(byte)
            }
    }

    private static func isCookieOctet(_ byte: UInt8) -> Bool {
        byte == 0x21 || (0x23...0x2B).contains(byte) || (0x2D...0x3A).contains(byte)
            || (0x3C...0x5B).contains(byte) || (0x5D...0x7E).contains(byte)
    }
}
