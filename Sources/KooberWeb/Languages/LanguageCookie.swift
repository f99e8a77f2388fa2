import HTTPServer
import KooberKit

/// The language a browser chose with the Language form (`koober_lang`, `__Host-koober_lang` over TLS, as every Koober
/// cookie), kept a year; and the language of a visitor the cookie does not name: the best match for their
/// `Accept-Language`, or English.
struct LanguageCookie: Sendable {
    /// Adds `Secure` and the `__Host-` prefix, for deployments behind TLS.
    let secure: Bool

    static let lifetime = 365 * 24 * 60 * 60

    var name: String {
        KooberCookie.name("koober_lang", secure: secure)
    }

    /// The language the request's cookie names, if it names one of Koober's (a forged value is no choice).
    func language(in request: Request) -> Language? {
        request.cookie(named: name).flatMap(Language.init(tag:))
    }

    /// The request's language before its session is known: the cookie's, else `Accept-Language`'s best, else English.
    func visitorLanguage(of request: Request) -> Language {
        language(in: request) ?? AcceptLanguage.language(of: request)
    }

    /// The cookie that keeps `language` in this browser.
    func setting(_ language: Language) -> SetCookie {
        KooberCookie.make(name: name, value: language.tag, maxAge: Self.lifetime, secure: secure)
    }
}
