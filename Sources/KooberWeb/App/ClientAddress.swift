import HTTPServer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The address a request comes from, as throttling counts it (SPEC.md): the socket's peer, or, when Koober is told
/// to trust the proxy in front (`--trust-proxy`), the last `X-Forwarded-For` hop — the one that proxy appended; any
/// hops before it are the client's to forge. A last hop that is not an IP literal is ignored and the peer used.
package enum ClientAddress {
    /// What a request without a socket (a test driving the app in-process) counts as: one stable placeholder.
    package static let inProcess = "in-process"

    package static func of(_ request: Request, trustProxy: Bool) -> String {
        let peer = request.peerAddress ?? inProcess
        guard trustProxy, let hop = lastForwardedHop(request) else { return peer }
        return hop
    }

    /// The last hop of the last `X-Forwarded-For` line, if it is an IPv4 or IPv6 literal.
    private static func lastForwardedHop(_ request: Request) -> String? {
        // `canonicalForm` splits every line at its commas and trims each hop.
        guard let hop = request.headers[canonicalForm: "X-Forwarded-For"].last.map(String.init) else { return nil }
        return isIPLiteral(hop) ? hop : nil
    }

    /// Whether `text` parses as an IPv4 (dotted quad) or IPv6 address, by the C library's own parser.
    package static func isIPLiteral(_ text: String) -> Bool {
        // INET6_ADDRSTRLEN - 1: longer is no address. No NUL: `inet_pton` reads a C string and would stop at it,
        // taking `1.2.3.4\0anything` for an address (and a new throttling key for every `anything`).
        guard text.utf8.count <= 45, !text.utf8.contains(0) else { return false }
        var buffer = in6_addr()
        return inet_pton(AF_INET, text, &buffer) == 1 || inet_pton(AF_INET6, text, &buffer) == 1
    }
}
