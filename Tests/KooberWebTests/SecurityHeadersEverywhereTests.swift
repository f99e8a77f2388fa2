import HTTPServer
import KooberTestSupport
import NIOCore
import NIOHTTP1
import Synchronization
import TestBrowsing
import Testing

/// SPEC.md's headers on every HTML response, error pages included: every response a whole session of use and abuse
/// produces passes through a recorder, and each one that is HTML must carry them.
@Suite struct SecurityHeadersEverywhereTests {
    final class Recorder: Responder {
        let next: any Responder
        let responses = Mutex<[(String, Response)]>([])

        init(_ next: any Responder) { self.next = next }

        func respond(to request: Request) async -> Response {
            let response = await next.respond(to: request)
            responses.withLock { $0.append(("\(request.method) \(request.path)", response)) }
            return response
        }
    }

    @Test func everyHTMLResponseOfEveryKindCarriesTheSecurityHeaders() async throws {
        let app = try await KooberTestApp()
        let recorder = Recorder(app.responder)
        let browser = TestBrowser(responder: recorder)
        try await browser.visit("/nowhere")  // 404
        _ = await recorder.respond(to: Request(method: .DELETE, uri: "/profile"))  // 405
        try await browser.visit("/signup")
        try await browser.post("/signup", fields: [("name", "No Token")])  // 403
        try await browser.signUp(.init(email: "not an email"))  // 422
        try await browser.postRaw("/signin", body: "csrf_token=\(try browser.formToken() ?? "")&email=%ff")  // 400
        for _ in 1...6 { try await browser.signIn(email: "johnny@gmail.com", password: "guess") }  // 422s, then 429
        app.clock.advance(by: 16 * 60)
        try await browser.signInAsJohnny()
        try await browser.clickLink("Where to?")
        try browser.fillIn("Search", with: "wombat")
        try await browser.press("Search")
        try await browser.visit("/ride/dropoff")
        try await browser.press("Opera House")
        try await browser.press("Confirm")  // 422: no option chosen
        try browser.choose("Kangaroo")
        try await browser.press("Confirm")
        try await browser.clickLink("Profile")
        let broken = try await KooberTestApp { $0.sessionRepository = BrokenSessionRepository() }
        let brokenRecorder = Recorder(broken.responder)
        _ = await brokenRecorder.respond(
            to: Request(method: .GET, uri: "/welcome", headers: ["Cookie": "koober_session=x"]))  // 500
        let refusals = [HTTPResponseStatus.payloadTooLarge, .requestHeaderFieldsTooLarge]
            .map {
                (
                    "server refusal \($0.code)",
                    app.container.makeServerConfiguration(host: "h", port: 0).errorResponse($0)
                )
            }

        let all = recorder.responses.withLock { $0 } + brokenRecorder.responses.withLock { $0 } + refusals
        let html = all.filter { $0.1.headers.first(name: "content-type")?.hasPrefix("text/html") == true }
        let statuses = Set(html.map(\.1.status.code))
        #expect(statuses.isSuperset(of: [200, 400, 403, 404, 405, 413, 422, 429, 431, 500]), "\(statuses.sorted())")
        for (what, response) in html {
            let csp = response.headers.first(name: "content-security-policy") ?? ""
            #expect(csp.contains("frame-ancestors 'none'") && csp.contains("script-src 'self'"), "\(what)")
            #expect(!csp.contains("unsafe-inline"), "\(what)")
            #expect(response.headers.first(name: "x-frame-options") == "DENY", "\(what)")
            #expect(response.headers.first(name: "x-content-type-options") == "nosniff", "\(what)")
            #expect(response.headers.first(name: "referrer-policy") == "same-origin", "\(what)")
        }
    }
}
