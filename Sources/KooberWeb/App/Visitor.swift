import HTTPServer
import KooberKit

/// Who is asking, worked out once per request: their live session, if any, what their forms are bound to, and the
/// address they come from (`ClientAddress`).
struct Visitor: Sendable {
    let session: UserSession?
    /// The session's own token (its cookie), when `session` is live: the key a share link is derived with.
    let sessionToken: SessionToken?
    /// The rider's ride state, read with the session when the route asks for it (`Route.sessionRead`).
    let rideState: RideState?
    let address: String
    /// The session id when `session` is live, otherwise the pre-session id: what a form token must be signed for.
    let csrfBinding: CSRFBinding
    /// A fresh token for the forms of the page this visitor is shown.
    let csrfToken: String
    /// Set when the visitor had no pre-session id yet; added to whatever response they get.
    let newCSRFCookie: SetCookie?
    /// The language of the visitor's pages: the account's when a signed-in rider chose one, else the `koober_lang`
    /// cookie's, else the best match for `Accept-Language`, else English.
    let language: Language
    /// Set when the account's language is not the browser's cookie's (a rider who chose on another device): the
    /// cookie follows, so the pages stay in it after Sign Out.
    let newLanguageCookie: SetCookie?
    /// The pages' templates, in `language`, with the Language form.
    let templates: TemplateRenderer

    /// - Parameter carriesLinkToken: the page's address carries a mailed link's or a share link's token: it has no
    ///   Language form (its language still follows the cookie and `Accept-Language`), so the token is posted nowhere,
    ///   a watcher's page has no form at all, and every ended link's page is alike, byte for byte.
    init(
        request: Request, container: KooberAppDependencyContainer, sessionRead: SessionRead,
        carriesLinkToken: Bool = false
    ) async throws {
        let sessionToken = container.makeSessionCookie().token(in: request)
        switch (sessionToken, sessionRead) {
        case (nil, _):
            (session, rideState) = (nil, nil)
        case (let token?, .session):
            (session, rideState) = (try await container.makeResolveUserSessionUseCase(token: token).run(), nil)
        case (let token?, .sessionWithRideState):
            let read = try await container.makeResolveUserSessionUseCase(token: token)
                .run(readingRideStateFrom: container.services.sessionRideStates)
            (session, rideState) = (read?.session, read?.rideState)
        }
        self.sessionToken = session == nil ? nil : sessionToken
        address = ClientAddress.of(request, trustProxy: container.services.trustProxy)
        let csrfProtection = container.makeCSRFProtection()
        (csrfBinding, newCSRFCookie) = csrfProtection.binding(
            session: session == nil ? nil : sessionToken, request: request
        )
        csrfToken = csrfProtection.token(for: csrfBinding)
        let languageCookie = container.makeLanguageCookie()
        let chosen = languageCookie.language(in: request)
        let accountLanguage = session?.profile.language
        language = accountLanguage ?? chosen ?? AcceptLanguage.language(of: request)
        newLanguageCookie = accountLanguage.flatMap { $0 == chosen ? nil : languageCookie.setting($0) }
        let speaking = container.templates.speaking(language)
        templates =
            carriesLinkToken
            ? speaking : speaking.page(LayoutViewState(language: language, csrfToken: csrfToken, returnTo: request))
    }
}

/// What a route reads with the visitor's session, in the same trip to the store.
enum SessionRead: Sendable {
    case session
    /// The session with its rider's ride state (`SessionRideStateRepository`): pick-me-up's page needs both at every
    /// visit.
    case sessionWithRideState
}
