import HTTPServer
import TestBrowsing
import Testing

@Suite struct TestBrowserFormTests {
    private func withSignInPage(
        _ connection: BrowserConnection = .inProcess,
        _ body: (TestBrowser, RequestLog) async throws -> Void
    ) async throws {
        let log = RequestLog()
        try await withTestBrowser(connection, responder: FixtureApp(log: log)) { browser in
            try await browser.visit("/sign-in")
            try await body(browser, log)
        }
    }

    @Test(arguments: BrowserConnection.allCases)
    func pressingAButtonPostsTheSuccessfulControlsInDocumentOrder(connection: BrowserConnection) async throws {
        try await withSignInPage(connection) { browser, log in
            try browser.fillIn("Email", with: "rider@example.com")
            try browser.fillIn("Password", with: "s3cret pass")
            try browser.choose("Premium")
            try browser.choose("Remember me")
            try browser.uncheck("Newsletter")
            try browser.select("Melbourne", from: "City")
            try browser.select("Small", from: "Size")
            try browser.fillIn("Note", with: "Line 1\nLine 2")
            try await browser.press("Sign in")

            let post = try #require(await log.last(to: "/sign-in"))
            #expect(post.method == .POST)
            #expect(
                post.bodyText == "csrf=token-123&email=rider%40example.com&password=s3cret+pass&ride=premium"
                    + "&remember=on&city=mel&size=Small&note=Line+1%0D%0ALine+2&intent=sign-in"
            )
            #expect(post.headers.first(name: "Content-Type") == "application/x-www-form-urlencoded")
            #expect(post.headers.first(name: "Content-Length") == String(post.body.readableBytes))
        }
    }

    @Test func untouchedControlsSendTheirDefaultValues() async throws {
        try await withSignInPage { browser, log in
            try await browser.press("Sign in")
            let form = try #require(await log.last(to: "/sign-in")).form()
            #expect(
                form.fields.map { "\($0.name)=\($0.value)" } == [
                    "csrf=token-123", "email=", "password=", "ride=economy", "news=yes", "city=syd", "size=Large",
                    "note=Hello", "intent=sign-in",
                ]
            )
        }
    }

    @Test func thePressedButtonAloneSendsItsNameAndValue() async throws {
        try await withSignInPage { browser, log in
            try await browser.press("Cancel")
            let form = try #require(await log.last(to: "/sign-in")).form()
            #expect(form.values(for: "intent") == ["cancel"])
        }
    }

    @Test(arguments: BrowserConnection.allCases)
    func a303AfterAPostIsFollowedWithAGetWithoutBody(connection: BrowserConnection) async throws {
        try await withSignInPage(connection) { browser, log in
            try await browser.press("Sign in")
            #expect(browser.path == "/welcome")
            #expect(browser.status == .ok)
            #expect(browser.history.suffix(2).map(\.description) == ["POST /sign-in → 303", "GET /welcome → 200"])
            let get = try #require(await log.last(to: "/welcome"))
            #expect(get.method == .GET)
            #expect(get.body.readableBytes == 0)
            #expect(get.headers["Content-Type"].isEmpty)
        }
    }

    @Test(arguments: BrowserConnection.allCases)
    func a307RepeatsTheMethodAndTheBody(connection: BrowserConnection) async throws {
        try await withSignInPage(connection) { browser, _ in
            try await browser.visit("/forms/temporary")
            try await browser.press("Send")
            #expect(browser.history.suffix(2).map(\.description) == ["POST /keep → 307", "POST /echo → 200"])
            #expect(try browser.text(at: "//p[@id='method']") == "POST")
            #expect(try browser.text(at: "//p[@id='body']") == "a=1+%26+2")
        }
    }

    @Test func aGetFormSendsItsFieldsAsTheQueryInsteadOfTheActions() async throws {
        try await withSignInPage { browser, _ in
            try browser.fillIn("Search", with: "koober rides")
            try await browser.press("Go")
            #expect(browser.path == "/search?q=koober+rides")
            #expect(try browser.text(at: "//p[@id='method']") == "GET")
        }
    }

    @Test func postsCarryASameOriginOriginUnlessTheTestSaysOtherwise() async throws {
        try await withSignInPage { browser, log in
            try await browser.press("Sign in")
            var post = try #require(await log.last(to: "/sign-in"))
            #expect(post.headers.first(name: "Origin") == "http://localhost")
            #expect(post.headers.first(name: "Sec-Fetch-Site") == "same-origin")
            #expect(post.headers.first(name: "Host") == "localhost")

            try await browser.visit("/sign-in")
            browser.origin = "http://evil.example"
            try await browser.press("Sign in")
            post = try #require(await log.last(to: "/sign-in"))
            #expect(post.headers.first(name: "Origin") == "http://evil.example")
            #expect(post.headers.first(name: "Sec-Fetch-Site") == "cross-site")

            try await browser.visit("/sign-in")
            browser.origin = nil
            try await browser.press("Sign in")
            post = try #require(await log.last(to: "/sign-in"))
            #expect(!post.headers.contains(name: "Origin"))
            #expect(!post.headers.contains(name: "Sec-Fetch-Site"))
        }
    }

    @Test func fieldsAndButtonsThatAreNotThereOrWrongAreErrors() async throws {
        try await withSignInPage { browser, _ in
            #expect(throws: TestBrowserError.noSuchField("Phone")) { try browser.fillIn("Phone", with: "1") }
            #expect(throws: TestBrowserError.wrongKindOfField("Premium", element: "<input type=radio>")) {
                try browser.fillIn("Premium", with: "x")
            }
            #expect(throws: TestBrowserError.wrongKindOfField("Email", element: "<input type=email>")) {
                try browser.choose("Email")
            }
            #expect(throws: TestBrowserError.noSuchOption("Perth", field: "City")) {
                try browser.select("Perth", from: "City")
            }
            await #expect(throws: TestBrowserError.noSuchButton("Pay")) { try await browser.press("Pay") }
            await #expect(throws: TestBrowserError.buttonOutsideForm("Orphan")) { try await browser.press("Orphan") }
            await #expect(throws: TestBrowserError.buttonDoesNotSubmit("Show password")) {
                try await browser.press("Show password")
            }
            await #expect(throws: TestBrowserError.disabledButton("Later")) { try await browser.press("Later") }
        }
    }

    @Test func whatWasTypedIsForgottenOnTheNextPage() async throws {
        try await withSignInPage { browser, log in
            try browser.fillIn("Email", with: "typed@example.com")
            try await browser.visit("/sign-in")
            try await browser.press("Sign in")
            let form = try #require(await log.last(to: "/sign-in")).form()
            #expect(form["email"] == "")
        }
    }

    @Test func aMultipleSelectAddsOptionsAndOutsideControlsJoinTheirForm() async throws {
        try await withSignInPage { browser, _ in
            try await browser.visit("/forms/extras")
            try browser.select("Ham", from: "Toppings")
            try browser.select("Pineapple", from: "Toppings")
            try await browser.press("Outside submit")
            #expect(browser.path == "/extras")
            #expect(try browser.text(at: "//p[@id='body']") == "t=Cheese&t=Ham&t=p&outside=o")
        }
    }

    @Test func aButtonsFormActionAndFormMethodWinOverTheForms() async throws {
        try await withSignInPage { browser, _ in
            try await browser.visit("/forms/extras")
            try await browser.press("Elsewhere")
            #expect(browser.path == "/alt?t=Cheese&go=1&outside=o")
            #expect(try browser.text(at: "//p[@id='method']") == "GET")
        }
    }
}
