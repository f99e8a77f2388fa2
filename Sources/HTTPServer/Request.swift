import NIOCore
import NIOHTTP1

/// One HTTP request, fully received: head and body.
public struct Request: Sendable {
    /// The method as the client sent it (`HEAD` stays `HEAD`; the server strips the body of its answer).
    public var method: HTTPMethod
    /// The request target's path, still percent-encoded, e.g. `/ride/dropoff`.
    public var path: String
    /// The raw query string after `?`, if there was one.
    public var queryString: String?
    public var headers: HTTPHeaders
    public var body: ByteBuffer
    /// A short id, counted up from a random start (`RequestID`), that ties the access log, error logs and the request together.
    public var id: String
    /// The IP address of the socket's other end (`127.0.0.1`, `::1`), or `nil` when there is no socket (tests that
    /// drive a responder in-process). Behind a proxy it is the proxy's: `X-Forwarded-For` is the app's to trust.
    public var peerAddress: String?

    public init(
        method: HTTPMethod,
        uri: String,
        headers: HTTPHeaders = [:],
        body: ByteBuffer = ByteBuffer(),
        id: String = RequestID.make(),
        peerAddress: String? = nil
    ) {
        self.method = method
        (path, queryString) = Self.split(target: uri)
        self.headers = headers
        self.body = body
        self.id = id
        self.peerAddress = peerAddress
    }

    /// A request target split at its first `?` byte: the path, and the query string after it if there is one.
    static func split(target uri: String) -> (path: String, query: String?) {
        guard let mark = uri.utf8.firstIndex(of: UInt8(ascii: "?")) else { return (uri, nil) }
        return (String(uri[..<mark]), String(uri[uri.utf8.index(after: mark)...]))
    }

    /// The request target as sent: path and query.
    public var uri: String {
        queryString.map { "\(path)?\($0)" } ?? path
    }

    /// The cookies of the `Cookie` header(s), by name; the first of a repeated name wins.
    ///
    /// The raw header values: `headers[canonicalForm:]` would split them on commas, which are no cookie
    /// separator but may appear in values.
    public var cookies: [String: String] {
        Cookie.parse(headers["cookie"])
    }

    /// The value of the cookie called `name`, as `cookies[name]` but without reading the others.
    public func cookie(named name: String) -> String? {
        Cookie.value(named: name, in: headers["cookie"])
    }

    /// The decoded query string; an empty form when there is none.
    public func query() throws(FormDecodingError) -> URLEncodedForm {
        try URLEncodedForm(decoding: Array((queryString ?? "").utf8))
    }

    /// The decoded `application/x-www-form-urlencoded` body.
    public func form() throws(FormDecodingError) -> URLEncodedForm {
        try URLEncodedForm(decoding: body.readableBytesView)
    }
}

extension Request {
    /// RFC 9110 §13.1.2: whether `If-None-Match` names `etag` (weakly, or `*`); `nil` without the header. The public
    /// files and the map's tiles answer 304 on it.
    public func ifNoneMatch(_ etag: String) -> Bool? {
        let tags = headers[canonicalForm: "if-none-match"]
        guard !tags.isEmpty else { return nil }
        return tags.contains { tag in tag == "*" || tag == etag || tag == "W/\(etag)" }
    }
}
