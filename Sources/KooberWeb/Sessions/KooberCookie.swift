import HTTPServer

/// The attributes every Koober cookie shares: site-wide, out of reach of scripts, not sent on cross-site posts,
/// and `Secure` when Koober is served over TLS.
enum KooberCookie {
    /// The name a cookie goes by. Over TLS it takes the `__Host-` prefix: a browser then accepts it only when set
    /// by this very host, over HTTPS, with `Path=/` and no `Domain`, so neither a sibling subdomain nor a plain-HTTP
    /// answer can plant or overwrite it. Without TLS (the dev server) browsers would refuse such a cookie, so the
    /// plain name is kept.
    static func name(_ base: String, secure: Bool) -> String {
        secure ? "__Host-" + base : base
    }

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
