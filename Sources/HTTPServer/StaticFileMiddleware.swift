import NIOHTTP1

/// Serves `StaticFiles` for `GET` and `HEAD`, with validators and conditional requests; everything else
/// goes on to the next responder.
///
/// Caching: a URL that carries the files' current version (`?v=<StaticFiles.version>`, as pages write it) names
/// those exact bytes for good, so browsers keep it for a year without asking again. Any other URL (no version, or
/// an old page's) is revalidated on every use through its ETag, so nobody is ever served stale CSS after a deploy.
public struct StaticFileMiddleware: Middleware {
    public static let versionedCacheControl = "public, max-age=31536000, immutable"
    public static let unversionedCacheControl = "no-cache"

    private let files: StaticFiles
    private let versionedQuery: String

    public init(files: StaticFiles) {
        self.files = files
        self.versionedQuery = "v=\(files.version)"
    }

    public func respond(to request: Request, next: any Responder) async -> Response {
        guard request.method == .GET || request.method == .HEAD, let file = files.file(at: request.path) else {
            return await next.respond(to: request)
        }
        var headers: HTTPHeaders = [
            "ETag": file.etag,
            "Last-Modified": HTTPDate.format(secondsSince1970: file.lastModified),
            "Cache-Control": request.queryString == versionedQuery
                ? Self.versionedCacheControl : Self.unversionedCacheControl,
        ]
        if isNotModified(file, request: request) {
            var response = Response(status: .notModified, headers: headers)
            response.route = "static"
            return response
        }
        headers.add(name: "Content-Type", value: file.contentType)
        headers.add(name: "X-Content-Type-Options", value: "nosniff")
        var response = Response(status: .ok, headers: headers, body: file.contents)
        response.route = "static"
        return response
    }

    /// RFC 9110 §13.2.2: `If-None-Match` decides when present; otherwise `If-Modified-Since`.
    private func isNotModified(_ file: StaticFiles.File, request: Request) -> Bool {
        if let matches = request.ifNoneMatch(file.etag) { return matches }
        guard let since = request.headers.first(name: "if-modified-since").flatMap(HTTPDate.parse) else {
            return false
        }
        return file.lastModified <= since
    }
}
