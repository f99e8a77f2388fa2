import HTMLReading
import HTTPServer
import NIOCore
import NIOHTTP1

extension TestBrowser {
    /// Sends a request for `target` (path and query) and follows redirects: 301, 302 and 303 become a GET
    /// without body, 307 and 308 repeat the method and body. Cookies are stored from every response.
    nonisolated(nonsending) func navigate(
        _ method: HTTPMethod,
        to target: String,
        form: ByteBuffer? = nil
    ) async throws {
        var method = method
        var target = target
        var form = form
        for redirects in 0... {
            let response = try await transport.send(request(method, target, form: form))
            let requestPath = String(target.prefix { $0 != "?" })
            cookies.store(setCookieHeaders: response.headers["Set-Cookie"], requestPath: requestPath, now: now())
            history.append(HistoryEntry(method: method, path: target, status: response.status))
            guard let location = response.headers.first(name: "Location"), Self.isRedirect(response.status) else {
                try show(response, at: target)
                return
            }
            let next = URLReference.resolve(location, against: target)
            guard redirects < Self.maximumRedirects else { throw TestBrowserError.tooManyRedirects(path: next) }
            if response.status != .temporaryRedirect && response.status != .permanentRedirect {
                if method != .HEAD { method = .GET }
                form = nil
            }
            target = next
        }
    }

    private func request(_ method: HTTPMethod, _ target: String, form: ByteBuffer?) -> Request {
        var headers: HTTPHeaders = [
            "Host": host,
            "User-Agent": "KooberTestBrowser/1.0",
            "Accept": "text/html,application/xhtml+xml,*/*;q=0.8",
        ]
        let requestPath = String(target.prefix { $0 != "?" })
        if let cookie = cookies.cookieHeader(for: requestPath, now: now()) {
            headers.add(name: "Cookie", value: cookie)
        }
        if method != .GET && method != .HEAD, let origin {
            headers.add(name: "Origin", value: origin)
            headers.add(name: "Sec-Fetch-Site", value: origin == "http://\(host)" ? "same-origin" : "cross-site")
        }
        if let form {
            headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
            headers.add(name: "Content-Length", value: String(form.readableBytes))
        }
        headers.add(contentsOf: additionalHeaders)
        return Request(
            method: method, uri: target, headers: headers, body: form ?? ByteBuffer(), peerAddress: peerAddress
        )
    }

    private func show(_ response: Response, at target: String) throws {
        self.response = response
        self.path = target
        self.formValues = [:]
        let mediaType = response.headers.first(name: "Content-Type")?.prefix { $0 != ";" }.lowercased()
            .collapsingWhitespace
        if mediaType == "text/html" || mediaType == "application/xhtml+xml" {
            page = try HTMLDocument(html: response.bodyText)
            try PageArchive.current?.save(response.bodyText, target: target, status: response.status)
        } else {
            page = nil
        }
    }

    private static func isRedirect(_ status: HTTPResponseStatus) -> Bool {
        [301, 302, 303, 307, 308].contains(status.code)
    }
}
