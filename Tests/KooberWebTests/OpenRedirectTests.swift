import HTTPServer
import KooberTestSupport
import KooberWeb
import NIOCore
import Testing

/// Koober only ever redirects to its own pages: a `Location` is always one of `Route`'s paths, whatever the request
/// carried (a `next=` parameter, a hostile `Host`, a path that looks like another site).
@Suite struct OpenRedirectTests {
    static let ownPaths = Set(Route.allCases.map(\.path))

    @Test func noRequestCanPointARedirectAnywhereElse() async throws {
        let app = try await KooberTestApp()
        let signedIn = app.browser()
        try await signedIn.signInAsJohnny()
        let session = try #require(signedIn.cookie(named: "koober_session")?.value)
        try await signedIn.visit("/profile")  // Sign Out is a form: the page has a token
        let signedInToken = try #require(try signedIn.formToken())
        let signedOut = app.browser()
        try await signedOut.visit("/signin")
        let preSession = try #require(signedOut.cookie(named: "koober_presession")?.value)
        let signedOutToken = try #require(try signedOut.formToken())
        let hostile = ["next=https://evil.example", "redirect=//evil.example", "return_to=%2F%2Fevil.example"]
        var locations: [String] = []
        for cookie in ["", "koober_session=\(session)"] {
            for path in [
                "/", "/welcome", "/signin", "/signup", "/ride", "/profile", "//evil.example", "/\\evil.example",
            ] {
                for query in hostile {
                    let request = Request(
                        method: .GET, uri: "\(path)?\(query)", headers: ["Host": "evil.example", "Cookie": cookie]
                    )
                    let response = await app.responder.respond(to: request)
                    if let location = response.headers.first(name: "location") { locations.append(location) }
                }
            }
            let csrf = cookie.isEmpty ? signedOutToken : signedInToken
            let form = "csrf_token=\(csrf)&next=https%3A%2F%2Fevil.example&email=johnny%40gmail.com&password=password"
            for path in ["/signin", "/signout", "/ride/new"] {
                let request = Request(
                    method: .POST, uri: "\(path)?next=https://evil.example",
                    headers: [
                        "Host": "localhost", "Cookie": cookie.isEmpty ? "koober_presession=\(preSession)" : cookie,
                    ],
                    body: ByteBuffer(string: form)
                )
                let response = await app.responder.respond(to: request)
                if let location = response.headers.first(name: "location") { locations.append(location) }
            }
        }
        #expect(locations.count >= 10)  // redirects did happen, so the check below means something
        for location in locations {
            #expect(Self.ownPaths.contains(location), "redirected to \(location)")
        }
    }
}
