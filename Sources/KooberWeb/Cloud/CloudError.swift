import HTTPServer
import KooberKit
import NIOHTTP1

/// What Koober Cloud answers when it cannot do what was asked (SPEC.md): `{"error": {"title", "message"}}` with the
/// fitting status, and `"fields"` (field → what is wrong) when particular fields are at fault.
struct CloudError: Error, Sendable {
    let status: HTTPResponseStatus
    let message: ErrorMessage
    /// `WWW-Authenticate` with a 401, `Retry-After` with a 429 or 503.
    var headers: [(name: String, value: String)] = []

    /// 400: a body or query Koober cannot read; `field` names the part at fault (`waypoints.dropoffLocation.id`).
    static func malformed(message: String, field: String?, problem: String?) -> CloudError {
        CloudError(
            status: .badRequest,
            message: ErrorMessage(
                title: "Bad Request", message: message, fieldErrors: field.map { [$0: problem ?? message] } ?? [:]))
    }

    /// 401 for the operations that need a token: none, a malformed one, or one that has ended.
    static let noToken = CloudError(
        status: .unauthorized,
        message: ErrorMessage(title: "Not Signed In", message: "Please sign in: this needs a valid bearer token."),
        headers: [("WWW-Authenticate", #"Bearer realm="Koober Cloud""#)])

    /// 401 for `POST /login`: no Basic credentials, or credentials that do not sign in (one answer for all, as the
    /// Sign In page gives).
    static func signInFailed(_ message: ErrorMessage) -> CloudError {
        CloudError(
            status: .unauthorized, message: message,
            headers: [("WWW-Authenticate", #"Basic realm="Koober Cloud", charset="UTF-8""#)])
    }

    /// 413: a body larger than any request of the API needs.
    static let tooLarge = CloudError(
        status: .payloadTooLarge,
        message: ErrorMessage(title: "Too Large", message: "The request's body is larger than Koober takes."))

    /// 404, in `words`' language.
    static func notFound(_ words: Words) -> CloudError {
        CloudError(status: .notFound, message: CloudErrors.message(for: .notFound, words))
    }

    /// 422 (validation), 409 (a conflict with what is stored) or 404, with the use case's own words.
    static func rejected(_ message: ErrorMessage, status: HTTPResponseStatus = .unprocessableEntity) -> CloudError {
        CloudError(status: status, message: message)
    }

    /// 429, with `Retry-After` in seconds.
    static func throttled(_ message: ErrorMessage, retryAfterSeconds: Int) -> CloudError {
        CloudError(
            status: .tooManyRequests, message: message, headers: [("Retry-After", String(retryAfterSeconds))])
    }

    var response: Response {
        var response: Response
        do {
            response = try CloudJSON.response(CloudErrorBody(message), status: status)
        } catch {
            // Strings always encode; should that ever change, the status alone still says what happened.
            response = Response(status: status)
        }
        for header in headers { response.headers.replaceOrAdd(name: header.name, value: header.value) }
        return response
    }
}

/// The error's JSON.
private struct CloudErrorBody: Encodable {
    struct Detail: Encodable {
        let title: String
        let message: String
        let fields: [String: String]?
    }

    let error: Detail

    init(_ message: ErrorMessage) {
        error = Detail(
            title: message.title, message: message.message,
            fields: message.fieldErrors.isEmpty ? nil : message.fieldErrors)
    }
}

/// Koober Cloud's answers to what the request path cannot help (the 404 and 405 of the API's paths, a full hashing
/// queue, a database out of reach, the unexpected): `CloudError`s, as `ErrorPages` are for the pages.
struct CloudErrors: ErrorAnswers {
    /// The words of the language the caller's `Accept-Language` asks for.
    let words: Words

    func response(_ status: HTTPResponseStatus, message: ErrorMessage?) -> Response {
        CloudError(status: status, message: message ?? Self.message(for: status, words)).response
    }

    static func message(for status: HTTPResponseStatus, _ words: Words) -> ErrorMessage {
        switch status {
        case .notFound: ErrorMessage(title: words("errors.notFound"), message: words("errors.cloudHasNothingHere"))
        case .methodNotAllowed:
            ErrorMessage(title: words("errors.notAllowed"), message: words("errors.cloudDoesNotTakeThatMethod"))
        default: ErrorPages.message(for: status, words)
        }
    }
}
