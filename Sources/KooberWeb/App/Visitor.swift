import HTTPServer
import KooberKit

/// Who is asking, worked out once per request: their live session, if any, and their form token.
struct Visitor: Sendable {
    let session: UserSession?
    let csrfToken: String
    /// Set when the visitor had no form token yet; added to whatever response they get.
    let newCSRFCookie: SetCookie?

    init(request: Request, container: KooberAppDependencyContainer) async throws {
        if let token = SessionCookie.token(in: request) {
            session = try await container.makeResolveUserSessionUseCase(token: token).run()
        } else {
            session = nil
        }
        (csrfToken, newCSRFCookie) = container.makeCSRFProtection().token(for: request)
    }
}
