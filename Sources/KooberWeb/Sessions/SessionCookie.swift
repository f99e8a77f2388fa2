import HTTPServer
import KooberKit

/// The `koober_session` cookie: the session token and nothing else (SPEC.md, Reliability and security).
struct SessionCookie: Sendable {
    static let name = "koober_session"

    /// Adds `Secure`, for deployments behind TLS.
    let secure: Bool
    let policy: SessionPolicy

    /// The token a request carries, if any.
    static func token(in request: Request) -> SessionToken? {
        request.cookies[name].flatMap { $0.isEmpty ? nil : SessionToken(value: $0) }
    }

    /// The cookie that hands `token` to the browser; it lives no longer than the session can.
    func setting(_ token: SessionToken) -> SetCookie {
        KooberCookie.make(name: Self.name, value: token.value, maxAge: Int(policy.absoluteLifetime), secure: secure)
    }

    /// The answer to a successful sign-in or sign-up: the new session's cookie and on to pick-me-up.
    func redirectSignedIn(_ started: StartedSession) -> Response {
        var response = Response.redirect(to: Route.ride.path)
        response.setCookie(setting(started.token))
        return response
    }

    /// The cookie that makes the browser forget its session.
    func clearing() -> SetCookie {
        KooberCookie.expired(name: Self.name, secure: secure)
    }
}
