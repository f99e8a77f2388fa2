import KooberTestSupport
import Testing

/// Every input reaches SQLite as a bound value, never as SQL: text built to break out of a string literal is stored
/// and compared as the text it is, and no table is touched that should not be.
@Suite struct SQLInjectionTests {
    static let payloads = [
        "' OR '1'='1", "johnny@gmail.com' --", "'; DROP TABLE users; --", "\" OR 1=1 --", "1; DELETE FROM rides",
        "x' UNION SELECT password_hash FROM users --",
    ]

    private func tables(_ app: KooberTestApp) async throws -> [String] {
        try await app.database.read { connection in
            try connection.query("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").map {
                try $0.string("name")
            }
        }
    }

    private func count(_ table: String, _ app: KooberTestApp) async throws -> Int {
        try await app.database.read { try $0.query("SELECT COUNT(*) AS n FROM \(table)").first?.int("n") ?? -1 }
    }

    @Test(arguments: payloads)
    func signInWithSQLInEitherFieldFailsAndChangesNoTable(payload: String) async throws {
        let app = try await KooberTestApp()
        let tablesBefore = try await tables(app)
        let browser = app.browser()
        for (email, password) in [(payload, "password"), ("johnny@gmail.com", payload), (payload, payload)] {
            try await browser.signIn(email: email, password: password)
            #expect(browser.path == "/signin")
            #expect(try browser.errorPanel()?.title == "Sign In Failed")
        }
        #expect(try await tables(app) == tablesBefore)
        #expect(try await count("users", app) == 1)
    }

    @Test(arguments: payloads)
    func signUpStoresSQLAsPlainTextInEveryField(payload: String) async throws {
        let app = try await KooberTestApp()
        let browser = app.browser()
        let email = "mallory+\(payload.count)@example.com"
        try await browser.signUp(
            .init(
                name: payload, nickname: payload, email: email, mobileNumber: "0400 " + payload,
                password: payload + "pad")
        )
        #expect(browser.path == "/ride")
        try await browser.clickLink("Profile")
        let profile = try browser.text(at: "//body") ?? ""
        #expect(profile.contains(payload))
        #expect(try await count("users", app) == 2)
        try await browser.signOut()
        try await browser.signIn(email: email, password: payload + "pad")
        #expect(browser.path == "/ride")
    }

    @Test(arguments: payloads)
    func searchAndFormIDsWithSQLFindNothingAndChangeNoTable(payload: String) async throws {
        let app = try await KooberTestApp()
        let browser = app.browser()
        try await browser.signInAsJohnny()
        try await browser.clickLink("Where to?")
        try browser.fillIn("Search", with: payload)
        try await browser.press("Search")
        #expect(try browser.all("//li[@class='place']").isEmpty)
        try await browser.visit("/profile")  // Sign Out is a form: the page has a token
        let token = try #require(try browser.formToken())
        try await browser.post("/ride/dropoff", fields: [("csrf_token", token), ("place_id", payload)])
        #expect(browser.status == .unprocessableEntity)
        try await browser.post("/ride/confirm", fields: [("csrf_token", token), ("ride_option", payload)])
        #expect(browser.status?.code ?? 0 >= 400)
        #expect(try await count("rides", app) == 0)
        #expect(try await count("places", app) == 32)
        #expect(try await count("users", app) == 1)
    }
}
