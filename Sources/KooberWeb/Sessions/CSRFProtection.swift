import Foundation
import HTTPServer
import KooberKit

/// Cross-site request forgery defence for every form, signed in or not.
///
/// Each visitor gets a random token in an `HttpOnly; SameSite=Lax` cookie (`koober_csrf`); every form carries
/// the same token in a hidden field, and a POST is accepted only when the two match (compared in constant time)
/// and, where the browser says where the request came from (`Origin`, `Sec-Fetch-Site`), it came from Koober.
/// Another site can make a browser send the cookie, but cannot read it to put it in the form.
struct CSRFProtection: Sendable {
    static let cookieName = "koober_csrf"
    static let fieldName = "csrf_token"

    let secure: Bool

    /// The visitor's token, and the cookie to set when the visitor had none (or a malformed one).
    func token(for request: Request) -> (token: String, newCookie: SetCookie?) {
        if let existing = request.cookies[Self.cookieName], Self.isWellFormed(existing) {
            return (existing, nil)
        }
        let token = RandomToken.generate()
        return (token, KooberCookie.make(name: Self.cookieName, value: token, secure: secure))
    }

    /// Whether a POST with `form` may change anything.
    func accepts(_ request: Request, form: URLEncodedForm) -> Bool {
        guard isSameOrigin(request), let cookie = request.cookies[Self.cookieName], Self.isWellFormed(cookie),
            let submitted = form[Self.fieldName]
        else { return false }
        return Self.constantTimeEquals(Array(cookie.utf8), Array(submitted.utf8))
    }

    /// A cookie that retires the token, so forms rendered before it (e.g. before sign-out) go stale.
    func retiring() -> SetCookie {
        KooberCookie.expired(name: Self.cookieName, secure: secure)
    }

    private func isSameOrigin(_ request: Request) -> Bool {
        if let site = request.headers.first(name: "sec-fetch-site"), site != "same-origin", site != "none" {
            return false
        }
        guard let origin = request.headers.first(name: "origin") else { return true }
        guard let host = request.headers.first(name: "host"), let url = URL(string: origin),
            let originHost = url.host
        else { return false }
        let originAuthority = url.port.map { "\(originHost):\($0)" } ?? originHost
        return originAuthority.lowercased() == host.lowercased()
    }

    private static func isWellFormed(_ token: String) -> Bool {
        token.utf8.count == 43 && token.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
        }
    }

    private static func constantTimeEquals(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        return zip(lhs, rhs).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
