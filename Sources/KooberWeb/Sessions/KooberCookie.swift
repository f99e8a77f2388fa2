import HTTPServer

/// The attributes every Koober cookie shares: site-wide, out of reach of scripts, not sent on cross-site posts,
/// and `Secure` when Koober is served over TLS.
enum KooberCookie {
    static func make(name: String, value: String, maxAge: Int? = nil, secure: Bool) -> SetCookie {
        SetCookie(name: name, value: value, maxAge: maxAge, path: "/", secure: secure, httpOnly: true, sameSite: .lax)
    }

    /// Tells the browser to forget the cookie `name`.
    static func expired(name: String, secure: Bool) -> SetCookie {
        var cookie = make(name: name, value: "", maxAge: 0, secure: secure)
        cookie.expires = 0
        return cookie
    }
}
