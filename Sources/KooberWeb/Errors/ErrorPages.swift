import HTTPServer
import KooberKit
import NIOHTTP1

/// Koober's own pages for errors: a title and a message in the error panel, never internals.
public struct ErrorPages: ErrorAnswers {
    private let templates: TemplateRenderer
    /// Riders' error page, whose one button leads back to Koober, or Koober Ops' own (`ops(templates:)`).
    private let template: PageTemplate

    public init(templates: TemplateRenderer) {
        self.init(templates: templates, template: .error)
    }

    private init(templates: TemplateRenderer, template: PageTemplate) {
        self.templates = templates
        self.template = template
    }

    /// Koober Ops' error pages: its brand, and the way back to its dashboard.
    static func ops(templates: TemplateRenderer) -> ErrorPages {
        ErrorPages(templates: templates, template: .opsError)
    }

    /// The page for `status`, with its usual message unless the page has a more precise one.
    public func response(_ status: HTTPResponseStatus, message: ErrorMessage? = nil) -> Response {
        templates.response(template, ErrorPageViewState(error: message ?? Self.message(for: status)), status: status)
    }

    public static let unavailableMessage = ErrorMessage(
        title: "Koober is unavailable",
        message: "Koober cannot reach its records right now. Nothing was changed. Please try again in a moment."
    )

    /// What a visitor is told when too many sign-ins (or sign-ups) are being hashed at once.
    public static let busyMessage = ErrorMessage(
        title: "Koober is busy", message: "Too many people are signing in right now. Please try again in a moment."
    )
    /// Long enough for the queue to drain (a full queue is well under a second of hashing), short enough that a
    /// rider retrying by hand barely notices.
    public static let busyRetryAfterSeconds = 5

    /// What a user is told for each error status (SPEC.md, Errors).
    public static func message(for status: HTTPResponseStatus) -> ErrorMessage {
        switch status {
        case .badRequest:
            ErrorMessage(title: "Bad Request", message: "Koober could not understand that request.")
        case .forbidden:
            ErrorMessage(title: "Form Expired", message: "This form has expired. Please try again.")
        case .notFound:
            ErrorMessage(title: "Page Not Found", message: "There is no Koober page at this address.")
        case .methodNotAllowed:
            ErrorMessage(title: "Not Allowed", message: "This page cannot be used that way.")
        case .requestTimeout:
            ErrorMessage(
                title: "Too Slow", message: "Your browser took too long to send this request. Please try again.")
        case .payloadTooLarge:
            ErrorMessage(title: "Form Too Large", message: "That form is too large to send. Please shorten it.")
        case .requestHeaderFieldsTooLarge:
            ErrorMessage(
                title: "Request Too Large",
                message: "Your browser sent too much data with this request. Clearing Koober's cookies may help."
            )
        case .tooManyRequests:
            ErrorMessage(title: "Too Many Tries", message: "Please wait a while before trying again.")
        case .notImplemented:
            ErrorMessage(title: "Not Supported", message: "Koober does not support that kind of request.")
        case .serviceUnavailable:
            ErrorMessage(
                title: "Koober is busy", message: "Koober is very busy right now. Please try again in a moment.")
        default:
            ErrorMessage(
                title: "Unknown Issue",
                message: "Koober ran into an unexpected issue, please try again or contact us."
            )
        }
    }
}

/// What the error template shows.
struct ErrorPageViewState: Sendable, Encodable {
    let error: ErrorMessage
    let homePath = Route.launch.path
    let opsPath = OpsRoute.dashboard.path
}
