import HTTPServer
import KooberKit

/// Who is asking, worked out once per request: their live session, if any, what their forms are bound to, and the
/// address they come from (`ClientAddress`).
struct Visitor: Sendable {
    let session: UserSession?
    /// The rider's ride state, when it was asked for with the session (`withRideState`).
    let rideState: RideState?
    let address: String
    /// The session id when `session` is live, otherwise the pre-session id: what a form token must be signed for.
    let csrfBinding: CSRFBinding
    /// A fresh token for the forms of the page this visitor is shown.
    let csrfToken: String
    /// Set when the visitor had no pre-session id yet; added to whatever response they get.
    let newCSRFCookie: SetCookie?

    /// - Parameter withRideState: read the rider's ride state with their session, in one trip to the store where it
    ///   can (pick-me-up's page, `GET /ride`: `SessionRideStateRepository`).
    init(request: Request, container: KooberAppDependencyContainer, withRideState: Bool = false) async throws {
        let sessionToken = container.makeSessionCookie().token(in: request)
        if let sessionToken, withRideState {
            let read = try await container.makeResolveUserSessionUseCase(token: sessionToken)
                .run(readingRideStateFrom: container.services.sessionRideStates)
            (session, rideState) = (read?.session, read?.rideState)
        } else if let sessionToken {
            (session, rideState) = (try await container.makeResolveUserSessionUseCase(token: sessionToken).run(), nil)
        } else {
            (session, rideState) = (nil, nil)
        }
        address = ClientAddress.of(request, trustProxy: container.services.trustProxy)
        let csrfProtection = container.makeCSRFProtection()
        (csrfBinding, newCSRFCookie) = csrfProtection.binding(
            session: session == nil ? nil : sessionToken, request: request
        )
        csrfToken = csrfProtection.token(for: csrfBinding)
    }
}
