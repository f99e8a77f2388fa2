import KooberTestSupport

/// A rider's usual moves, done the way a person does them: through the pages, by label and button text.
extension TestBrowser {
    struct Account {
        var name = "Skippy Roo"
        var nickname = "Skippy"
        var email = "skippy@example.com"
        var mobileNumber = "0412 345 678"
        var password = "hop-hop-hop"
    }

    func signUp(_ account: Account) async throws {
        try await visit("/welcome")
        try await clickLink("Sign Up")
        try fillIn("Full Name", with: account.name)
        try fillIn("What should we call you?", with: account.nickname)
        try fillIn("Email", with: account.email)
        try fillIn("Mobile Number", with: account.mobileNumber)
        try fillIn("Password", with: account.password)
        try await press("Sign Up")
    }

    func signIn(email: String, password: String) async throws {
        try await visit("/welcome")
        try await clickLink("Sign In")
        try fillIn("Email", with: email)
        try fillIn("Password", with: password)
        try await press("Sign In")
    }

    func signInAsJohnny() async throws {
        try await signIn(email: "johnny@gmail.com", password: "password")
    }

    func signOut() async throws {
        try await visit("/ride")
        try await clickLink("Profile")
        try await press("Sign Out")
    }

    /// The error panel's title and message, if the page shows one.
    func errorPanel() throws -> (title: String?, message: String?)? {
        guard try first("//*[@role='alert']") != nil else { return nil }
        return (try text(at: "//*[@role='alert']//h2"), try text(at: "//*[@role='alert']//p"))
    }

    /// The error shown beside the field labelled `label`.
    func fieldError(_ label: String) throws -> String? {
        guard let field = try first("//label[normalize-space()='\(label)']"),
            let id = field.attributes["for"],
            let describedBy = try first("//input[@id='\(id)']")?.attributes["aria-describedby"]
        else { return nil }
        return try text(at: "//*[@id='\(describedBy)']")
    }

    /// The value the field labelled `label` shows.
    func fieldValue(_ label: String) throws -> String? {
        guard let id = try first("//label[normalize-space()='\(label)']")?.attributes["for"] else { return nil }
        return try first("//input[@id='\(id)']")?.attributes["value"] ?? ""
    }
}
