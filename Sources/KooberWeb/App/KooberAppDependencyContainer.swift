import HTTPServer
import Logging

/// Lives as long as the process: the templates, the public files and the logger, and the factory of
/// everything made per request.
public final class KooberAppDependencyContainer: Sendable {
    public let templates: TemplateRenderer
    public let staticFiles: StaticFiles
    public let logger: Logger

    /// Loads templates and public files; throws with a message naming the file when one is missing or broken.
    public init(templatesDirectory: String, publicDirectory: String, logger: Logger) async throws {
        self.templates = try await TemplateRenderer(directory: templatesDirectory)
        self.staticFiles = try StaticFiles(directory: publicDirectory)
        self.logger = logger
    }

    public func makeErrorPages() -> ErrorPages {
        ErrorPages(templates: templates)
    }

    /// The whole app as one responder: public files first, then Koober's routes.
    public func makeAppResponder() -> any Responder {
        KooberAppResponder(container: self).with(StaticFileMiddleware(files: staticFiles))
    }

    /// Server settings whose refusals (400, 413, 431) are answered with Koober's error pages.
    public func makeServerConfiguration(host: String, port: Int) -> HTTPServerConfiguration {
        let errorPages = makeErrorPages()
        return HTTPServerConfiguration(host: host, port: port, errorResponse: { errorPages.response($0) })
    }
}
