import HTTPServer
import KooberKit

/// Who is asking, worked out once per request: their live session, if any, their form token, and the address they
/// come from (`ClientAddress`).
struct Visitor: Sendable {
    let session: UserSession?
    let address: String
    let csrfToken: String
    /// Set when the visitor had no form token yet; added to whatever response they get.
    let newCSRFCookie: SetCookie?

    init(request: Request, container: KooberAppDependencyContainer) async throws {
        if let token = SessionCookie.token(in: request) {
            session = try await container.makeResolveUserSessionUseCase(token: token).run()
        } else {
            session = nil
        }
        address = ClientAddress.of(request, trustProxy: container.services.trustProxy)
        (csrfToken, newCSRFCookie) = container.makeCSRFProtection().token(for: request)
    }
}
