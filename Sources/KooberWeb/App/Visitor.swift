import HTTPServer
import KooberKit

/// Who is asking, worked out once per request: their live session, if any, what their forms are bound to, and the
/// address they come from (`ClientAddress`).
struct Visitor: Sendable {
    let session: UserSession?
    let address: String
    /// The session id when `session` is live, otherwise the pre-session id: what a form token must be signed for.
    let csrfBinding: CSRFBinding
    /// A fresh token for the forms of the page this visitor is shown.
    let csrfToken: String
    /// Set when the visitor had no pre-session id yet; added to whatever response they get.
    let newCSRFCookie: SetCookie?

    init(request: Request, container: KooberAppDependencyContainer) async throws {
        let sessionToken = container.makeSessionCookie().token(in: request)
        if let sessionToken {
            session = try await container.makeResolveUserSessionUseCase(token: sessionToken).run()
        } else {
            session = nil
        }
        address = ClientAddress.of(request, trustProxy: container.services.trustProxy)
        let csrfProtection = container.makeCSRFProtection()
        (csrfBinding, newCSRFCookie) = csrfProtection.binding(
            session: session == nil ? nil : sessionToken, request: request
        )
        csrfToken = csrfProtection.token(for: csrfBinding)
    }
}
