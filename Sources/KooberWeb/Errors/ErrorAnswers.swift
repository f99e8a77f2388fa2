import HTTPServer
import KooberKit
import NIOHTTP1

/// How one kind of client is told that something went wrong: a page for a browser (`ErrorPages`), a JSON body for an
/// app (`CloudErrors`). `UnexpectedErrorResponder` answers through it, so the pages and Koober Cloud get the same
/// 503s and 500 from one place, each in its own form.
protocol ErrorAnswers: Sendable {
    /// The answer for `status`, with its usual message unless there is a more precise one.
    func response(_ status: HTTPResponseStatus, message: ErrorMessage?) -> Response
    /// The language the answers are in.
    var words: Words { get }
}

extension ErrorAnswers {
    /// The 503 for a full password-hashing queue (SPEC.md): nothing was checked or stored, so trying again in a
    /// moment is safe, and `Retry-After` says when.
    func busy() -> Response {
        retryingLater(response(.serviceUnavailable, message: ErrorPages.busyMessage(words)))
    }

    /// The 503 for a database out of reach (`StorageUnavailableError`): nothing was read or changed, and Koober comes
    /// back by itself with the database, so trying again in a moment is right.
    func unavailable() -> Response {
        retryingLater(response(.serviceUnavailable, message: ErrorPages.unavailableMessage(words)))
    }

    /// A live stream turned down (the riders' and Koober Ops' alike): 503 while the server stops (another process
    /// or the restarted one will take it in a moment), else 429 with `tooMany`, the limit's words (a stream closes
    /// when its page does, so half a minute frees one).
    func streamRefused(isStopping: Bool, tooMany: ErrorMessage) -> Response {
        var answer = response(
            isStopping ? .serviceUnavailable : .tooManyRequests,
            message: isStopping ? RideEventsResponder.restarting(words) : tooMany)
        answer.headers.replaceOrAdd(name: "Retry-After", value: isStopping ? "5" : "30")
        return answer
    }

    private func retryingLater(_ response: Response) -> Response {
        var response = response
        response.headers.replaceOrAdd(name: "Retry-After", value: String(ErrorPages.busyRetryAfterSeconds))
        return response
    }
}
