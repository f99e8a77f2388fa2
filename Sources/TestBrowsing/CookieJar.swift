/// The cookies a `TestBrowser` keeps for its one host, in the order they were first set.
public struct CookieJar: Sendable {
    public private(set) var cookies: [BrowserCookie] = []

    public init() {}

    /// Stores the cookies of `Set-Cookie` header values received for `requestPath` (path only, no query).
    /// A cookie replaces the one with the same name and path; an already expired one deletes it.
    public mutating func store(setCookieHeaders: [String], requestPath: String, now: Int) {
        for header in setCookieHeaders {
            guard let cookie = BrowserCookie(setCookie: header, requestPath: requestPath, now: now) else { continue }
            store(cookie, now: now)
        }
    }

    /// Stores one cookie, or deletes its namesake when it has expired.
    public mutating func store(_ cookie: BrowserCookie, now: Int) {
        let existing = cookies.firstIndex { $0.name == cookie.name && $0.path == cookie.path }
        switch (existing, cookie.isExpired(at: now)) {
        case (let index?, true): cookies.remove(at: index)
        case (let index?, false): cookies[index] = cookie
        case (nil, false): cookies.append(cookie)
        case (nil, true): break
        }
    }

    /// The cookies to send with a request for `requestPath`: longer paths first, then oldest first.
    public func cookies(for requestPath: String, now: Int) -> [BrowserCookie] {
        let matching = cookies.enumerated().filter { _, cookie in
            !cookie.isExpired(at: now) && cookie.matches(path: requestPath)
        }
        return matching.sorted { ($0.element.path.count, -$0.offset) > ($1.element.path.count, -$1.offset) }
            .map(\.element)
    }

    /// The `Cookie` header value for a request for `requestPath`, or `nil` when no cookie goes with it.
    public func cookieHeader(for requestPath: String, now: Int) -> String? {
        let cookies = cookies(for: requestPath, now: now)
        return cookies.isEmpty ? nil : cookies.map(\.description).joined(separator: "; ")
    }

    /// The unexpired cookie called `name`; the one for the longest path matching `requestPath` if given.
    public func cookie(named name: String, for requestPath: String? = nil, now: Int) -> BrowserCookie? {
        let candidates = requestPath.map { cookies(for: $0, now: now) } ?? cookies.filter { !$0.isExpired(at: now) }
        return candidates.first { $0.name == name }
    }

    /// Forgets every cookie, like closing a private window.
    public mutating func removeAll() {
        cookies.removeAll()
    }
}
