import HTTPServer
import KooberKit

/// Koober Ops' session cookie (SPEC.md, "Koober Ops", **Sign in**): `koober_ops`, sent only to /ops (`Path=/ops`),
/// never on a request another site starts (`SameSite=Strict`), out of reach of scripts, `Secure` with
/// `--secure-cookies`. It holds the session id and nothing else, and is never a rider's session: a rider's cookie does
/// not open /ops, nor this one riders' pages. (No `__Host-` prefix: that needs `Path=/`.)
struct StaffSessionCookie: Sendable {
    static let name = "koober_ops"
    let secure: Bool
    let policy: StaffSessionPolicy

    /// The token a request carries, if it could be one Koober made.
    func token(in request: Request) -> StaffSessionToken? {
        request.cookie(named: Self.name).flatMap(StaffSessionToken.init(wellFormed:))
    }

    /// The cookie that hands `token` to the browser; it lives no longer than the session can.
    func setting(_ token: StaffSessionToken) -> SetCookie {
        SetCookie(
            name: Self.name, value: token.value, maxAge: Int(policy.absoluteLifetime.components.seconds),
            path: OpsRoute.dashboard.path, secure: secure, httpOnly: true, sameSite: .strict)
    }

    /// The cookie that makes the browser forget its Koober Ops session.
    func clearing() -> SetCookie {
        var cookie = SetCookie(
            name: Self.name, value: "", maxAge: 0, path: OpsRoute.dashboard.path, secure: secure, httpOnly: true,
            sameSite: .strict)
        cookie.expires = 0
        return cookie
    }
}
