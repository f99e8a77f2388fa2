import KooberTestSupport
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

    @Test func secureCookiesAddSecure() async throws {
        let app = try await KooberTestApp { $0.secureCookies = true }
        try await app.withServer { port in
            let browser = TestBrowser(host: "127.0.0.1", port: port)
            try await browser.signInAsJohnny()
            #expect(browser.cookie(named: "koober_session")?.secure == true)
            #expect(browser.cookie(named: "koober_csrf")?.secure == true)
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
