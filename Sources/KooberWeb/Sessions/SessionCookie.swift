import HTTPServer
import KooberKit

/// The session cookie (`koober_session`, `__Host-koober_session` over TLS): the session token and nothing else
/// (SPEC.md, Reliability and security).
struct SessionCookie: Sendable {
    /// Adds `Secure` and the `__Host-` prefix, for deployments behind TLS.
    let secure: Bool
    let policy: SessionPolicy

    var name: String {
        KooberCookie.name("koober_session", secure: secure)
    }

    /// The token a request carries, if any.
    func token(in request: Request) -> SessionToken? {
        request.cookie(named: name).flatMap { $0.isEmpty ? nil : SessionToken(value: $0) }
    }

    /// The cookie that hands `token` to the browser; it lives no longer than the session can.
    func setting(_ token: SessionToken) -> SetCookie {
        KooberCookie.make(
            name: name, value: token.value, maxAge: Int(policy.absoluteLifetime.components.seconds), secure: secure)
    }

    /// The answer to a successful sign-in or sign-up: the new session's cookie, the pre-session id retired (so a
    /// form token from before sign-in is worth nothing after it), and on to pick-me-up.
    func redirectSignedIn(
        _ started: StartedSession, csrfProtection: CSRFProtection, to path: String = Route.ride.path
    ) -> Response {
        var response = Response.redirect(to: path)
        response.setCookie(setting(started.token))
        response.setCookie(csrfProtection.retiringPreSession())
        return response
    }

    /// The cookie that makes the browser forget its session.
    func clearing() -> SetCookie {
        KooberCookie.expired(name: name, secure: secure)
    }
}
