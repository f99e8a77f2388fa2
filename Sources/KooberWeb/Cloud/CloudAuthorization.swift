import Foundation
import HTTPServer
import KooberKit

/// What a request's `Authorization` header carries, read without trusting it: Basic credentials (`POST /login`) or
/// a bearer token (everything else of Koober Cloud). Anything malformed is no credentials at all (a 401).
enum CloudAuthorization {
    /// `Basic base64(email:password)`: the email is what comes before the first colon (RFC 7617), and both must be
    /// UTF-8.
    static func basicCredentials(in request: Request) -> (email: String, password: String)? {
        guard let encoded = value(in: request, scheme: "Basic"), let data = Data(base64Encoded: encoded),
            let text = String(bytes: data, encoding: .utf8), let colon = text.firstIndex(of: ":")
        else { return nil }
        return (String(text[..<colon]), String(text[text.index(after: colon)...]))
    }

    /// `Bearer <token>`, a token of the shape Koober issues (anything else never reaches storage).
    static func bearerToken(in request: Request) -> SessionToken? {
        guard let token = value(in: request, scheme: "Bearer"), RandomToken.isWellFormed(token) else { return nil }
        return SessionToken(value: token)
    }

    /// The credentials after `scheme` (named in any case, as RFC 9110 allows), if the header has that scheme.
    private static func value(in request: Request, scheme: String) -> String? {
        guard let header = request.headers.first(name: "Authorization") else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == scheme.lowercased() else { return nil }
        return parts[1].trimmingCharacters(in: .whitespaces)
    }
}
