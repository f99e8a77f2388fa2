import NIOCore
import NIOHTTP1

/// An HTTP response: status, headers and a body held in memory (or a stream, `bodyStream`).
public struct Response: Sendable {
    public var status: HTTPResponseStatus
    public var headers: HTTPHeaders
    public var body: ByteBuffer
    /// The name of what answered (a route's name, `static`), for the metrics: a small fixed set, never the path
    /// (labels made of what clients send would grow without bound).
    public var route: String?
    /// A body written over time instead of `body` (Server-Sent Events): the head goes without a length and the
    /// connection closes when the stream ends.
    public var bodyStream: (any ResponseBodyStream)?

    public init(status: HTTPResponseStatus = .ok, headers: HTTPHeaders = [:], body: ByteBuffer = ByteBuffer()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A response whose body is `text`, with the given content type.
    public init(status: HTTPResponseStatus = .ok, contentType: String, body text: String) {
        self.init(status: status, headers: ["Content-Type": contentType], body: ByteBuffer(string: text))
    }

    /// A plain-text response.
    public static func text(_ text: String, status: HTTPResponseStatus = .ok) -> Response {
        Response(status: status, contentType: "text/plain; charset=utf-8", body: text)
    }

    /// A redirect; `303 See Other` by default, so that a form post is followed by a GET.
    public static func redirect(to location: String, status: HTTPResponseStatus = .seeOther) -> Response {
        Response(status: status, headers: ["Location": location])
    }

    /// Adds a `Set-Cookie` header.
    public mutating func setCookie(_ cookie: SetCookie) {
        headers.add(name: "Set-Cookie", value: cookie.headerValue)
    }

    /// The body as a string (for tests and logs).
    public var bodyText: String {
        String(buffer: body)
    }
}
