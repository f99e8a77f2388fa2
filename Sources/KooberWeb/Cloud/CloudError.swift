import HTTPServer
import KooberKit
import NIOHTTP1

/// What Koober Cloud answers when it cannot do what was asked (SPEC.md): `{"error": {"title", "message"}}` with the
/// fitting status, and `"fields"` (field → what is wrong) when particular fields are at fault, in the words of the
/// language the caller's `Accept-Language` asks for (`response(in:)`).
struct CloudError: Error, Sendable {
    let status: HTTPResponseStatus
    /// What the error says in a language's words.
    let message: @Sendable (Words) -> ErrorMessage
    /// `WWW-Authenticate` with a 401, `Retry-After` with a 429 or 503.
    var headers: [(name: String, value: String)] = []

    /// An error whose words are already chosen (a use case's, in the caller's language).
    init(status: HTTPResponseStatus, message: ErrorMessage, headers: [(name: String, value: String)] = []) {
        self.init(status: status, headers: headers) { _ in message }
    }

    init(
        status: HTTPResponseStatus, headers: [(name: String, value: String)] = [],
        saying message: @escaping @Sendable (Words) -> ErrorMessage
    ) {
        self.status = status
        self.message = message
        self.headers = headers
    }

    /// 400: a body or query Koober cannot read; `field` names the part at fault (`waypoints.dropoffLocation.id`).
    static func malformed(_ problem: CloudRequestProblem, field: String? = nil) -> CloudError {
        CloudError(status: .badRequest) { words in
            let message = problem.message(words)
            return ErrorMessage(
                title: words("errors.badRequest"), message: message,
                fieldErrors: field.map { [$0: problem.fieldProblem(words) ?? message] } ?? [:])
        }
    }

    /// 401 for the operations that need a token: none, a malformed one, or one that has ended.
    static let noToken = CloudError(
        status: .unauthorized, headers: [("WWW-Authenticate", #"Bearer realm="Koober Cloud""#)]
    ) { words in
        ErrorMessage(title: words("cloud.notSignedIn"), message: words("cloud.needsABearerToken"))
    }

    /// 401 for `POST /login`: no Basic credentials, or credentials that do not sign in (one answer for all, as the
    /// Sign In page gives).
    static func signInFailed(_ message: ErrorMessage) -> CloudError {
        CloudError(
            status: .unauthorized, message: message,
            headers: [("WWW-Authenticate", #"Basic realm="Koober Cloud", charset="UTF-8""#)])
    }

    /// 413: a body larger than any request of the API needs.
    static let tooLarge = CloudError(status: .payloadTooLarge) { words in
        ErrorMessage(title: words("errors.requestTooLarge"), message: words("cloud.bodyTooLarge"))
    }

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

    /// The error's JSON, in `words`' language.
    func response(in words: Words) -> Response {
        var response: Response
        do {
            response = try CloudJSON.response(CloudErrorBody(message(words)), status: status)
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
        CloudError(status: status, message: message ?? Self.message(for: status, words)).response(in: words)
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
