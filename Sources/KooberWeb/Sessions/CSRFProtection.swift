import Foundation
import HTTPServer
import KooberKit

/// Cross-site request forgery defence for every form, signed in or not: OWASP's signed double-submit, bound to the
/// session.
///
/// Every form carries a token (`CSRFToken`) signed with the server's key over what the browser's own cookies say
/// about the visitor: the session id when signed in, otherwise a random pre-session id in a cookie of its own
/// (`koober_presession`, `__Host-koober_presession` over TLS). A POST is accepted only when its token verifies for
/// the binding its cookies show and, where the browser says where the request came from (`Origin`,
/// `Sec-Fetch-Site`), it came from Koober. Another site can make a browser send the cookies, but can neither read a
/// token nor make one; a pre-session id planted before sign-in is worth nothing after it, because signed-in forms
/// are bound to the session, which the server made at sign-in.
struct CSRFProtection: Sendable {
    let key: CSRFKey
    let secure: Bool

    var preSessionCookieName: String {
        KooberCookie.name("koober_presession", secure: secure)
    }

    /// What the visitor's forms are bound to: `session` (the session cookie's token, when it names a live session),
    /// else the pre-session id, with the cookie to set when the visitor had none (or a malformed one).
    func binding(session: SessionToken?, request: Request) -> (binding: CSRFBinding, newCookie: SetCookie?) {
        if let session { return (.session(session), nil) }
        if let id = request.cookie(named: preSessionCookieName), RandomToken.isWellFormed(id) {
            return (.preSession(id), nil)
        }
        let id = RandomToken.generate()
        return (.preSession(id), KooberCookie.make(name: preSessionCookieName, value: id, secure: secure))
    }

    /// A fresh token for the forms of a page shown to the visitor `binding` identifies.
    func token(for binding: CSRFBinding) -> String {
        CSRFToken.make(for: binding, key: key)
    }

    /// The form's action, verified, when a POST of it with `token`, from the visitor `binding` identifies, may change
    /// anything; `nil` (the 403) when it may not.
    func verify<Action: Sendable>(
        _ action: Action, token: String?, request: Request, binding: CSRFBinding
    ) -> Verified<Action>? {
        guard isSameOrigin(request), let token, CSRFToken.isValid(token, for: binding, key: key) else { return nil }
        return Verified(action: action)
    }

    /// A cookie that retires the pre-session id, at sign-in, sign-up and sign-out: the next signed-out page gets a
    /// new one, so forms rendered before go stale.
    func retiringPreSession() -> SetCookie {
        KooberCookie.expired(name: preSessionCookieName, secure: secure)
    }

    private func isSameOrigin(_ request: Request) -> Bool {
        let site = request.headers.first(name: "sec-fetch-site")
        if let site, site != "same-origin", site != "none" {
            return false
        }
        guard let origin = request.headers.first(name: "origin") else { return true }
        // A page sent with `Referrer-Policy: no-referrer` (a mailed link's, an enrolment link's) posts its forms with
        // `Origin: null` (Fetch, "serializing a request origin"); the browser's own `Sec-Fetch-Site` then says where
        // the post came from, and a page of another site cannot make it say `same-origin`.
        if origin == "null" { return site == "same-origin" }
        guard let host = request.headers.first(name: "host"), let url = URL(string: origin),
            let originHost = url.host
        else { return false }
        let originAuthority = url.port.map { "\(originHost):\($0)" } ?? originHost
        return originAuthority.lowercased() == host.lowercased()
    }
}

/// A form's action whose post carried a valid token from Koober's own page: only `CSRFProtection.verify` makes one,
/// and only with one does the app reach the action's screen (`KooberAppResponder`, `OpsResponder`), so every
/// state-changing route is checked by type, not by convention.
struct Verified<Action: Sendable>: Sendable {
    let action: Action

    fileprivate init(action: Action) {
        self.action = action
    }
}

/// A riders' page's form, verified.
typealias VerifiedForm = Verified<FormAction>
