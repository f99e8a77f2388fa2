import NIOHTTP1

/// The headers every HTML response carries (SPEC.md, Reliability and security).
enum SecurityHeaders {
    /// No inline script anywhere, no framing, and every resource from Koober itself.
    static let contentSecurityPolicy = [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "form-action 'self'",
        "base-uri 'none'",
        "object-src 'none'",
        "frame-ancestors 'none'",
    ].joined(separator: "; ")

    static let html: HTTPHeaders = [
        "Content-Security-Policy": contentSecurityPolicy,
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "same-origin",
        "X-Frame-Options": "DENY",
    ]
}
