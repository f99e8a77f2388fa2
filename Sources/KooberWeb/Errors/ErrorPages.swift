import HTTPServer
import KooberKit
import NIOHTTP1

/// Koober's own pages for errors: a title and a message in the error panel, never internals.
public struct ErrorPages: ErrorAnswers {
    private let templates: TemplateRenderer
    public var words: Words { templates.words }
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
        templates.response(
            template, ErrorPageViewState(error: message ?? Self.message(for: status, templates.words)), status: status)
    }

    public static func unavailableMessage(_ words: Words) -> ErrorMessage {
        ErrorMessage(
            title: words("errors.kooberIsUnavailable"),
            message: words("errors.kooberCannotReachItsRecords")
        )
    }

    /// What a visitor is told when too many sign-ins (or sign-ups) are being hashed at once.
    public static func busyMessage(_ words: Words) -> ErrorMessage {
        ErrorMessage(
            title: words("errors.kooberIsBusy"), message: words("errors.tooManyPeopleAreSigning")
        )
    }

    /// Long enough for the queue to drain (a full queue is well under a second of hashing), short enough that a
    /// rider retrying by hand barely notices.
    public static let busyRetryAfterSeconds = 5

    /// What a user is told for each error status (SPEC.md, Errors).
    public static func message(for status: HTTPResponseStatus, _ words: Words) -> ErrorMessage {
        switch status {
        case .badRequest:
            ErrorMessage(title: words("errors.badRequest"), message: words("errors.kooberCouldNotUnderstandThat"))
        case .forbidden:
            ErrorMessage(title: words("errors.formExpired"), message: words("errors.thisFormHasExpiredPlease"))
        case .notFound:
            ErrorMessage(title: words("errors.pageNotFound"), message: words("errors.thereIsNoKooberPage"))
        case .methodNotAllowed:
            ErrorMessage(title: words("errors.notAllowed"), message: words("errors.thisPageCannotBeUsed"))
        case .requestTimeout:
            ErrorMessage(
                title: words("errors.tooSlow"), message: words("errors.yourBrowserTookTooLong"))
        case .payloadTooLarge:
            ErrorMessage(title: words("errors.formTooLarge"), message: words("errors.thatFormIsTooLarge"))
        case .requestHeaderFieldsTooLarge:
            ErrorMessage(
                title: words("errors.requestTooLarge"),
                message: words("errors.yourBrowserSentTooMuch")
            )
        case .tooManyRequests:
            ErrorMessage(title: words("errors.tooManyTries"), message: words("errors.pleaseWaitAWhileBefore"))
        case .notImplemented:
            ErrorMessage(title: words("errors.notSupported"), message: words("errors.kooberDoesNotSupportThat"))
        case .serviceUnavailable:
            ErrorMessage(
                title: words("errors.kooberIsBusy"), message: words("errors.kooberIsVeryBusyRight"))
        default:
            ErrorMessage(
                title: words("errors.unknownIssue"),
                message: words("errors.kooberRanIntoAnUnexpected")
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
