import KooberTestSupport
import TestBrowsing
import Testing

@Suite struct SignUpTests {
    @Test func aNewRiderSignsUpSignsOutAndSignsBackIn() async throws {
        let browser = try await KooberTestApp().browser()
        let account = TestBrowser.Account()
        try await browser.signUp(account)
        #expect(browser.path == "/ride")
        #expect(try browser.text(at: "//h1") == "Hi, Skippy!")

        try await browser.clickLink("Profile")
        #expect(try browser.text(at: "//h1") == "My Profile")
        #expect(try browser.text(at: "//dd[@class='profile-name']") == account.name)
        #expect(try browser.text(at: "//dd[@class='profile-nickname']") == account.nickname)
        #expect(try browser.text(at: "//dd[@class='profile-email']") == account.email)
        #expect(try browser.text(at: "//dd[@class='profile-mobile']") == account.mobileNumber)

        try await browser.press("Sign Out")
        #expect(browser.path == "/welcome")
        try await browser.visit("/profile")
        #expect(browser.path == "/welcome")

        try await browser.signIn(email: account.email, password: account.password)
        #expect(browser.path == "/ride")
        try await browser.clickLink("Profile")
        #expect(try browser.text(at: "//dd[@class='profile-name']") == account.name)
        try await browser.press("Sign Out")
        #expect(browser.path == "/welcome")
    }

    @Test func doneOnProfileGoesBackToPickMeUp() async throws {
        let browser = try await KooberTestApp().browser()
        try await browser.signInAsJohnny()
        try await browser.clickLink("Profile")
        try await browser.clickLink("Done")
        #expect(browser.path == "/ride")
    }

    @Test func emptyFormSaysWhatEachFieldNeeds() async throws {
        let browser = try await KooberTestApp().browser()
        try await browser.signUp(
            TestBrowser.Account(name: "", nickname: " ", email: "", mobileNumber: "", password: ""))
        #expect(browser.status == .unprocessableEntity)
        #expect(try browser.errorPanel()?.title == "Sign Up Failed")
        #expect(try browser.fieldError("Full Name") == "Please enter your full name.")
        #expect(try browser.fieldError("What should we call you?") == "Please tell us what to call you.")
        #expect(try browser.fieldError("Email") == "Please enter your email.")
        #expect(try browser.fieldError("Mobile Number") == "Please enter your mobile number.")
        #expect(try browser.fieldError("Password") == "Please choose a password.")
    }

    @Test func eachRuleIsExplainedBesideItsFieldAndTheRestIsKept() async throws {
        let browser = try await KooberTestApp().browser()
        let account = TestBrowser.Account(email: "skippy-at-example", mobileNumber: "call me", password: "short")
        try await browser.signUp(account)
        #expect(browser.status == .unprocessableEntity)
        #expect(try browser.fieldError("Email") == "Please enter an email address like name@example.com.")
        #expect(try browser.fieldError("Mobile Number") == "A mobile number needs digits.")
        #expect(try browser.fieldError("Password") == "Passwords need at least 8 characters.")
        #expect(try browser.fieldError("Full Name") == nil)
        #expect(try browser.fieldValue("Full Name") == account.name)
        #expect(try browser.fieldValue("What should we call you?") == account.nickname)
        #expect(try browser.fieldValue("Email") == account.email)
        #expect(try browser.fieldValue("Mobile Number") == account.mobileNumber)
        #expect(try browser.fieldValue("Password") == "")
        #expect(!browser.bodyText.contains(account.password))
    }

    @Test func anEmailAlreadyRegisteredInAnyCaseIsRefused() async throws {
        let app = try await KooberTestApp()
        let browser = app.browser()
        try await browser.signUp(TestBrowser.Account(email: " Johnny@Gmail.COM "))
        #expect(browser.status == .unprocessableEntity)
        #expect(try browser.fieldError("Email") == "This email is already registered. Try signing in instead.")
        #expect(browser.cookie(named: "koober_session") == nil)
    }

    @Test func theEmailIsStoredNormalisedSoSignInIgnoresCase() async throws {
        let browser = try await KooberTestApp().browser()
        try await browser.signUp(TestBrowser.Account(email: "Skippy@Example.COM"))
        try await browser.signOut()
        try await browser.signIn(email: "skippy@example.com", password: "hop-hop-hop")
        #expect(browser.path == "/ride")
    }
}
