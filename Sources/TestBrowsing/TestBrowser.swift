import HTMLReading
import HTTPServer
import NIOCore
import NIOHTTP1

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A browser without JavaScript that drives an app the way a person does: it visits paths, clicks links by
/// their text, fills in fields by their label, presses buttons, keeps cookies and follows redirects.
///
/// Use one browser from one task; its methods run on the caller's executor (`nonisolated(nonsending)`).
public final class TestBrowser {
    /// One request–response exchange, for failure messages and debugging.
    public struct HistoryEntry: Sendable, Equatable, CustomStringConvertible {
        public var method: HTTPMethod
        public var path: String
        public var status: HTTPResponseStatus

        public var description: String { "\(method.rawValue) \(path) → \(status.code)" }
    }

    /// The most redirects followed in a row before giving up.
    public static let maximumRedirects = 10

    /// The host the browser talks to, sent as `Host` (with the port when there is one).
    public let host: String
    /// Sent as `Origin` on requests other than GET and HEAD, with `Sec-Fetch-Site`, as a browser does;
    /// set another origin to play a cross-site attacker, or `nil` to send neither (a non-browser client).
    public var origin: String?
    /// The IP address the app sees requests come from (`Request.peerAddress`), so a test can act from several
    /// places; `nil`, as for any in-process request, by default. Over TCP the socket decides and this is ignored.
    public var peerAddress: String?
    /// Sent with every request, as a proxy in front would add them (`X-Forwarded-For`).
    public var additionalHeaders: HTTPHeaders = [:]
    /// The cookies the browser keeps and sends.
    public var cookies = CookieJar()
    /// The last response, after redirects; `nil` before the first request.
    public internal(set) var response: Response?
    /// The current URL's path and query.
    public internal(set) var path = "/"
    /// The last response parsed as HTML; `nil` when it was not HTML.
    public internal(set) var page: HTMLDocument?
    /// Every exchange so far, redirects included, oldest first.
    public internal(set) var history: [HistoryEntry] = []
    /// What the user has typed, chosen and selected on the current page, by control path.
    var formValues: [String: FormValue] = [:]
    let transport: any HTTPTransport
    let now: @Sendable () -> Int

    /// A browser that sends its requests through `transport`; `now` gives seconds since 1970, for cookie expiry.
    public init(
        transport: any HTTPTransport,
        host: String = "localhost",
        now: @escaping @Sendable () -> Int = { Int(time(nil)) }
    ) {
        self.transport = transport
        self.host = host
        self.origin = "http://\(host)"
        self.now = now
    }

    /// A browser that calls `responder` directly, in process.
    public convenience init(responder: any Responder) {
        self.init(transport: InProcessTransport(responder: responder))
    }

    /// A browser that talks HTTP/1.1 over TCP to `host:port`.
    public convenience init(host: String, port: Int) {
        self.init(transport: TCPTransport(host: host, port: port), host: "\(host):\(port)")
    }

    /// The status of the last response, after redirects.
    public var status: HTTPResponseStatus? { response?.status }
    /// The headers of the last response.
    public var headers: HTTPHeaders { response?.headers ?? [:] }
    /// The body of the last response as text.
    public var bodyText: String { response?.bodyText ?? "" }
    /// The `<title>` of the current page.
    public var title: String? { page?.title }

    /// The unexpired cookie called `name`, whatever its path.
    public func cookie(named name: String) -> BrowserCookie? {
        cookies.cookie(named: name, now: now())
    }

    /// The collapsed text of the first node `xpath` selects on the current page.
    public func text(at xpath: String) throws -> String? {
        try currentPage().text(at: xpath)
    }

    /// The elements `xpath` selects on the current page.
    public func all(_ xpath: String) throws -> [HTMLElement] {
        try currentPage().all(xpath)
    }

    /// The first element `xpath` selects on the current page.
    public func texts(at xpath: String) throws -> [String] {
        try currentPage().texts(at: xpath)
    }

    public func first(_ xpath: String) throws -> HTMLElement? {
        try currentPage().first(xpath)
    }

    /// Goes to `path` (absolute, or relative to the current URL) with a GET, as if typed in the address bar.
    nonisolated(nonsending) public func visit(_ path: String) async throws {
        try await navigate(.GET, to: URLReference.resolve(path, against: self.path))
    }

    /// The current page, or why there is none.
    func currentPage() throws(TestBrowserError) -> HTMLDocument {
        guard let response else { throw .noPage }
        guard let page else { throw .notHTML(contentType: response.headers.first(name: "Content-Type")) }
        return page
    }
}
