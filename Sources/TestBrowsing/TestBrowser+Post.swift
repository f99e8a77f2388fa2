import HTTPServer
import NIOCore

extension TestBrowser {
    /// Posts `fields` to `path` as a form the page did not offer — what a hand-made or forged request does —
    /// with the jar's cookies, following redirects like any other navigation.
    nonisolated(nonsending) public func post(_ path: String, fields: [(name: String, value: String)]) async throws {
        let body = ByteBuffer(string: URLEncodedForm.encode(fields))
        try await navigate(.POST, to: URLReference.resolve(path, against: self.path), form: body)
    }

    /// Puts a cookie in the jar as if the server had set it: for playing an attacker's or an old cookie.
    public func setCookie(_ name: String, _ value: String) {
        cookies.store(setCookieHeaders: ["\(name)=\(value); Path=/"], requestPath: "/", now: 0)
    }
}

extension TestBrowser {
    /// Posts `body` exactly as given (already form-encoded, possibly malformed) to `path`.
    nonisolated(nonsending) public func postRaw(_ path: String, body: String) async throws {
        try await navigate(.POST, to: URLReference.resolve(path, against: self.path), form: ByteBuffer(string: body))
    }
}
