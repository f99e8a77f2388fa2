import HTTPServer
import KooberKit
import Logging

/// Runs a request's work and turns any error it throws into the 500 page (or Koober Cloud's 500, `errorPages` being
/// `CloudErrors`), logging the error with the request id so that an operator can find it. The answer itself shows no
/// internals.
///
/// A full password-hashing queue is not unexpected: whichever form hashed (sign-in, sign-up) gets the 503 "Koober is
/// busy" page with `Retry-After`, from this one place; and a database out of reach gets the 503 "Koober is
/// unavailable" page, also with `Retry-After`.
struct UnexpectedErrorResponder: Sendable {
    let errorPages: any ErrorAnswers
    let logger: Logger

    func respond(to request: Request, work: () async throws -> Response) async -> Response {
        do {
            return try await work()
        } catch PasswordHasherError.busy {
            // Debug, not notice: under the flood this answers, a line per refusal would add load of its own;
            // `BoundedPasswordHasher.shedCount` says how many there were.
            logger.debug(
                "Shed a request: the password-hashing queue is full", metadata: ["request_id": "\(request.id)"]
            )
            return errorPages.busy()
        } catch let error as StorageUnavailableError {
            logger.error(
                "\(error)", metadata: ["request_id": "\(request.id)", "path": "\(Route.loggedPath(request.path))"])
            return errorPages.unavailable()
        } catch {
            logger.error(
                "Unexpected error: \(String(reflecting: error))",
                metadata: ["request_id": "\(request.id)", "path": "\(Route.loggedPath(request.path))"]
            )
            return errorPages.response(.internalServerError, message: nil)
        }
    }
}
