import KooberTestSupport
import TestBrowsing
import Testing

/// Cookies and headers as a real client receives them from the real server.
@Suite struct SecurityOverTCPTests {
    @Test func theSessionCookieIsHttpOnlyLaxAndSiteWide() async throws {
        let app = try await KooberTestApp()
        try await app.withServer { port in
            let browser = TestBrowser(host: "127.0.0.1", port: port)
            try await browser.signInAsJohnny()
            let setCookie = try #require(browser.cookie(named: "koober_session"))
            #expect(setCookie.httpOnly)
            #expect(setCookie.sameSite == "Lax")
            #expect(setCookie.path == "/")
            #expect(!setCookie.secure)
            #expect(browser.path == "/ride")
        }
    }

    @Test func secureCookiesAddSecureAndTheHostPrefix() async throws {
        let app = try await KooberTestApp { $0.secureCookies = true }
        try await app.withServer { port in
            let browser = TestBrowser(host: "127.0.0.1", port: port)
            try await browser.visit("/signin")
            // `__Host-` cookies must be Secure, for Path=/ and without Domain, or browsers drop them.
            let setCookie = try #require(
                browser.headers["set-cookie"].first { $0.hasPrefix("__Host-koober_presession=") })
            #expect(setCookie.contains("; Secure") && setCookie.contains("; Path=/") && !setCookie.contains("Domain"))
            #expect(browser.cookie(named: "koober_presession") == nil)

            try await browser.signInAsJohnny()
            #expect(browser.path == "/ride")
            let session = try #require(browser.cookie(named: "__Host-koober_session"))
            #expect(session.secure && session.path == "/")
            #expect(browser.cookie(named: "koober_session") == nil)
            #expect(browser.cookie(named: "__Host-koober_presession") == nil)  // retired at sign-in
        }
    }

    @Test func aFormTokenPlantedBeforeSignInIsRefusedAfterIt() async throws {
        let app = try await KooberTestApp()
        try await app.withServer { port in
            let attacker = TestBrowser(host: "127.0.0.1", port: port)
            try await attacker.visit("/signin")
            let plantedID = try #require(attacker.cookie(named: "koober_presession")?.value)
            let plantedToken = try #require(try attacker.formToken())

            let victim = TestBrowser(host: "127.0.0.1", port: port)
            victim.setCookie("koober_presession", plantedID)
            try await victim.signInAsJohnny()
            #expect(victim.path == "/ride")
            try await victim.post("/ride/dropoff", fields: [("csrf_token", plantedToken), ("place_id", "1")])
            #expect(victim.status == .forbidden)
            try await victim.visit("/ride")
            #expect(try victim.first("//a[normalize-space()='Where to?']") != nil)  // no drop-off was chosen
        }
    }

    @Test func everyHTMLPageCarriesTheSecurityHeaders() async throws {
        let app = try await KooberTestApp()
        try await app.withServer { port in
            let browser = TestBrowser(host: "127.0.0.1", port: port)
            var pages: [String] = []
            for path in ["/welcome", "/signin", "/signup", "/nowhere"] {
                try await browser.visit(path)
                pages.append(path)
                try expectSecurityHeaders(browser, path: path)
            }
            try await browser.signInAsJohnny()
            for path in ["/ride", "/profile"] {
                try await browser.visit(path)
                try expectSecurityHeaders(browser, path: path)
                #expect(browser.headers.first(name: "cache-control") == "no-store", "\(path)")
            }
            #expect(pages.count == 4)
        }
    }

    private func expectSecurityHeaders(_ browser: TestBrowser, path: String) throws {
        let csp = try #require(browser.headers.first(name: "content-security-policy"), "\(path)")
        #expect(csp.contains("frame-ancestors 'none'"), "\(path)")
        #expect(csp.contains("script-src 'self'") && !csp.contains("unsafe-inline"), "\(path)")
        #expect(browser.headers.first(name: "x-content-type-options") == "nosniff", "\(path)")
        #expect(browser.headers.first(name: "referrer-policy") == "same-origin", "\(path)")
    }
}
