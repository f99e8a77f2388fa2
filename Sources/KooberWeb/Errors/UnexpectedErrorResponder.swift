import HTTPServer
import Logging

/// Runs a request's work and turns any error it throws into the 500 page, logging the error with the
/// request id so that an operator can find it. The page itself shows no internals.
struct UnexpectedErrorResponder: Sendable {
    let errorPages: ErrorPages
    let logger: Logger

    func respond(to request: Request, work: () async throws -> Response) async -> Response {
        do {
            return try await work()
        } catch {
            logger.error(
                "Unexpected error: \(String(reflecting: error))",
                metadata: ["request_id": "\(request.id)", "path": "\(request.path)"]
            )
            return errorPages.response(.internalServerError)
        }
    }
}
