import KooberKit
import KooberTestSupport
import NIOHTTP1
import TestBrowsing
import TestKit
import Testing

@testable import KooberWeb

/// The language of a visitor's pages, over a real server: `Accept-Language` by default, the Language form's choice
/// over it, and a rider's account's language over both, on every device.
@Suite struct LanguageNegotiationTests {
    /// Runs `body` with Koober on a real server on an ephemeral port, and a way to open fresh browsers on it.
    private func withKoober(_ body: (_ newBrowser: () -> TestBrowser) async throws -> Void) async throws {
        let app = try await KooberTestApp()
        try await app.withServer { port in
            try await body { TestBrowser(host: "127.0.0.1", port: port) }
        }
    }

    private func word(_ key: String, in language: Language) throws -> String {
        let words = try #require(try Words.load(directory: "\(ProjectPaths.templates)/words")[language])
        return words(key)
    }

    private func lang(_ browser: TestBrowser) throws -> String? {
        try browser.first("/html")?[attribute: "lang"]
    }

    private func dir(_ browser: TestBrowser) throws -> String? {
        try browser.first("/html")?[attribute: "dir"]
    }

    @Test(arguments: [
        ("vi", Language.vietnamese), ("ar", .arabic), ("zh-CN, zh;q=0.9, en;q=0.8", .chinese),
        ("fr;q=0.9, en-GB;q=0.8", .english), ("en;q=0.5, vi", .vietnamese),
    ])
    func theBrowsersLanguageChoosesThePagesLanguage(header: String, language: Language) async throws {
        try await withKoober { newBrowser in
            let browser = newBrowser()
            browser.additionalHeaders = ["Accept-Language": header]
            try await browser.visit("/welcome")
            #expect(browser.status == .ok)
            #expect(try lang(browser) == language.tag)
            #expect(try dir(browser) == (language == .arabic ? "rtl" : "ltr"))
            let links = try browser.all("//main//a").map(\.text)
            #expect(links == [try word("common.signIn", in: language), try word("common.signUp", in: language)])
            #expect(browser.title == "\(try word("welcome.title", in: language)) · Koober")
            let current = try browser.all("//button[@name='language'][@aria-current='true']")
            #expect(current.map { $0[attribute: "value"] } == [language.tag])
            #expect(browser.cookie(named: "koober_lang") == nil)
        }
    }

    @Test(arguments: [
        "fr-FR, de;q=0.9, x-klingon", "", "zh-TW, zh-Hant;q=0.9", "vi;q=abc, ar-, zh-Hans;q=1.5, ;;;, vi-é, -ar, ",
        String(repeating: "xx-yyyyyyyy;q=0.5, ", count: 216), String(repeating: "vi;q=0.1234, ", count: 316),
        Array(repeating: "fr", count: AcceptLanguage.elementLimit).joined(separator: ",") + ", ar",
    ])
    func anyOtherHeaderGetsEnglishPages(header: String) async throws {
        try await withKoober { newBrowser in
            let browser = newBrowser()
            browser.additionalHeaders = ["Accept-Language": header]
            for path in ["/welcome", "/signin", "/no-such-page"] {
                try await browser.visit(path)
                #expect(try lang(browser) == Language.english.tag, "\(path)")
                #expect(try dir(browser) == "ltr")
            }
            #expect(browser.history.map(\.status.code) == [200, 200, 404])
        }
    }

    @Test func aVisitorsChoiceComesBackToTheirPageAndOutweighsTheirBrowser() async throws {
        try await withKoober { newBrowser in
            let browser = newBrowser()
            browser.additionalHeaders = ["Accept-Language": "vi"]
            try await browser.visit("/signin")
            #expect(try lang(browser) == "vi")
            try await browser.press("中文")
            #expect(browser.history.suffix(2).map(\.description) == ["POST /language → 303", "GET /signin → 200"])
            #expect(browser.path == "/signin")
            let cookie = try #require(browser.cookie(named: "koober_lang"))
            #expect(cookie.value == "zh-Hans")
            #expect(cookie.path == "/")
            #expect(cookie.httpOnly)
            #expect(try lang(browser) == "zh-Hans")
            #expect(try browser.text(at: "//h1") == (try word("signIn.heading", in: .chinese)))

            browser.additionalHeaders = ["Accept-Language": "ar"]
            try await browser.visit("/welcome")
            #expect(try lang(browser) == "zh-Hans")
            #expect(try browser.all("//main//a").first?.text == (try word("common.signIn", in: .chinese)))
        }
    }

    @Test func theFormComesBackToTheAddressWithItsQuery() async throws {
        try await withKoober { newBrowser in
            let browser = newBrowser()
            try await browser.visit("/welcome")
            let token = try #require(try browser.formToken())
            try await browser.post(
                "/language", fields: [("csrf_token", token), ("return_to", "/signin?from=footer"), ("language", "ar")])
            #expect(browser.path == "/signin?from=footer")
            #expect(try dir(browser) == "rtl")
        }
    }

    @Test(arguments: ["tlh", "en", "EN-AU", "zh-Hant", "zh", "", "vi\u{0}", "vi,ar"])
    func aLanguageKooberDoesNotSpeakIsABadRequest(value: String) async throws {
        try await withKoober { newBrowser in
            let browser = newBrowser()
            try await browser.visit("/welcome")
            let token = try #require(try browser.formToken())
            try await browser.post(
                "/language", fields: [("csrf_token", token), ("return_to", "/welcome"), ("language", value)])
            #expect(browser.status == .badRequest)
            #expect(browser.cookie(named: "koober_lang") == nil)
            try await browser.post("/language", fields: [("csrf_token", token), ("return_to", "/welcome")])
            #expect(browser.status == .badRequest)
            #expect(browser.cookie(named: "koober_lang") == nil)
        }
    }

    @Test(arguments: [
        "//evil.example", "https://evil.example", "/\\evil.example", "evil.example", "", "/\u{9}/evil.example",
        "http:/evil.example", "/" + String(repeating: "a", count: 2_048),
    ])
    func theFormNeverSendsAVisitorToAnotherSite(returnTo: String) async throws {
        try await withKoober { newBrowser in
            let browser = newBrowser()
            try await browser.visit("/welcome")
            let token = try #require(try browser.formToken())
            let start = browser.history.count
            try await browser.post(
                "/language", fields: [("csrf_token", token), ("return_to", returnTo), ("language", "vi")])
            let exchanges = browser.history[start...].map(\.description)
            #expect(exchanges == ["POST /language → 303", "GET / → 303", "GET /welcome → 200"])
            #expect(browser.cookie(named: "koober_lang")?.value == "vi")
            #expect(try lang(browser) == "vi")
        }
    }

    @Test func aChoiceWithoutAValidFormTokenIsForbiddenAndChangesNothing() async throws {
        try await withKoober { newBrowser in
            let browser = newBrowser()
            try await browser.visit("/welcome")
            let fields = [("return_to", "/welcome"), ("language", "zh-Hans")]
            try await browser.post("/language", fields: fields)
            #expect(browser.status == .forbidden)
            try await browser.post("/language", fields: fields + [("csrf_token", String(repeating: "x", count: 43))])
            #expect(browser.status == .forbidden)
            try await browser.visit("/welcome")
            browser.origin = "http://evil.example"
            try await browser.press("中文")
            #expect(browser.status == .forbidden)
            #expect(browser.cookie(named: "koober_lang") == nil)
            try await browser.visit("/welcome")
            #expect(try lang(browser) == Language.english.tag)
        }
    }

    @Test func aRidersChoiceFollowsThemToAnotherDevice() async throws {
        try await withKoober { newBrowser in
            let account = TestBrowser.Account()
            let phone = newBrowser()
            try await phone.signUp(account)
            #expect(phone.path == "/ride")
            #expect(try lang(phone) == Language.english.tag)
            try await phone.press("Tiếng Việt")
            #expect(phone.path == "/ride")
            #expect(try lang(phone) == "vi")
            #expect(phone.cookie(named: "koober_lang")?.value == "vi")

            let laptop = newBrowser()
            laptop.additionalHeaders = ["Accept-Language": "en"]
            try await laptop.signIn(email: account.email, password: account.password)
            #expect(laptop.path == "/ride")
            #expect(try lang(laptop) == "vi")
            #expect(try laptop.text(at: "//a[@class='where-to-button']") == (try word("ride.whereTo", in: .vietnamese)))
            #expect(laptop.cookie(named: "koober_lang")?.value == "vi")

            // The account's language outweighs the browser's cookie, which follows it.
            laptop.setCookie("koober_lang", "ar")
            try await laptop.visit("/ride")
            #expect(try lang(laptop) == "vi")
            #expect(laptop.cookie(named: "koober_lang")?.value == "vi")

            // After Sign Out the cookie keeps the pages in the rider's language.
            try await laptop.visit("/profile")
            let token = try #require(try laptop.formToken())
            try await laptop.post("/signout", fields: [("csrf_token", token)])
            #expect(laptop.path == "/welcome")
            #expect(try lang(laptop) == "vi")
        }
    }

    @Test func aRiderWhoSignsUpInArabicHasArabicPagesOnAnotherDevice() async throws {
        try await withKoober { newBrowser in
            let phone = newBrowser()
            phone.additionalHeaders = ["Accept-Language": "ar"]
            try await phone.visit("/signup")
            #expect(try lang(phone) == "ar")
            let token = try #require(try phone.formToken())
            try await phone.post(
                "/signup",
                fields: [
                    ("csrf_token", token), ("name", "Layla Haddad"), ("nickname", "Layla"),
                    ("email", "layla@example.com"), ("mobileNumber", "0412 345 678"), ("password", "hop-hop-hop"),
                ])
            #expect(phone.path == "/ride")
            #expect(try dir(phone) == "rtl")

            let laptop = newBrowser()
            laptop.additionalHeaders = ["Accept-Language": "en"]
            try await laptop.signIn(email: "layla@example.com", password: "hop-hop-hop")
            #expect(laptop.path == "/ride")
            #expect(try lang(laptop) == "ar")
            #expect(try dir(laptop) == "rtl")
            #expect(laptop.cookie(named: "koober_lang")?.value == "ar")
        }
    }
}
