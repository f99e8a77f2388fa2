/// A rider's usual moves, done the way a person does them: through the pages, by label and button text.
extension TestBrowser {
    /// A rider's sign-up details; every field valid unless a test says otherwise.
    public struct Account: Sendable {
        public var name = "Skippy Roo"
        public var nickname = "Skippy"
        public var email = "skippy@example.com"
        public var mobileNumber = "0412 345 678"
        public var password = "hop-hop-hop"

        public init(
            name: String = "Skippy Roo", nickname: String = "Skippy", email: String = "skippy@example.com",
            mobileNumber: String = "0412 345 678", password: String = "hop-hop-hop"
        ) {
            self.name = name
            self.nickname = nickname
            self.email = email
            self.mobileNumber = mobileNumber
            self.password = password
        }
    }

    nonisolated(nonsending) public func signUp(_ account: Account) async throws {
        try await visit("/welcome")
        try await clickLink("Sign Up")
        try fillIn("Full Name", with: account.name)
        try fillIn("What should we call you?", with: account.nickname)
        try fillIn("Email", with: account.email)
        try fillIn("Mobile Number", with: account.mobileNumber)
        try fillIn("Password", with: account.password)
        try await press("Sign Up")
    }

    nonisolated(nonsending) public func signIn(email: String, password: String) async throws {
        try await visit("/welcome")
        try await clickLink("Sign In")
        try fillIn("Email", with: email)
        try fillIn("Password", with: password)
        try await press("Sign In")
    }

    nonisolated(nonsending) public func signInAsJohnny() async throws {
        try await signIn(email: "johnny@gmail.com", password: "password")
    }

    nonisolated(nonsending) public func signOut() async throws {
        try await visit("/ride")
        try await clickLink("Profile")
        try await press("Sign Out")
    }

    /// The CSRF token of the page's first form: what a test needs to post by hand as the page would.
    /// From pick-me-up's first step: Where to?, the place, the option, Confirm.
    nonisolated(nonsending) public func requestRide(to place: String, option: String) async throws {
        try await clickLink("Where to?")
        try await press(place)
        try choose(option)
        try await press("Confirm")
    }

    /// The status the ride page shows (`data-ride-status`), if it shows one.
    public func rideStatus() throws -> String? {
        try first("//*[@data-ride-status]")?[attribute: "data-ride-status"]
    }

    public func formToken() throws -> String? {
        try first("//input[@name='csrf_token']")?[attribute: "value"]
    }

    /// The error panel's title and message, if the page shows one.
    public func errorPanel() throws -> (title: String?, message: String?)? {
        guard try first("//*[@role='alert']") != nil else { return nil }
        return (try text(at: "//*[@role='alert']//h2"), try text(at: "//*[@role='alert']//p"))
    }

    /// The error shown beside the field labelled `label`: the description (`aria-describedby`) styled as one,
    /// since a hint may describe the field too.
    public func fieldError(_ label: String) throws -> String? {
        guard let describedBy = try control(labelled: label)[attribute: "aria-describedby"] else { return nil }
        for describer in describedBy.split(separator: " ") {
            if let error = try text(at: "//*[@id='\(describer)'][contains(@class, 'field-error')]") { return error }
        }
        return nil
    }

    /// The value the field labelled `label` shows.
    public func fieldValue(_ label: String) throws -> String? {
        try control(labelled: label)[attribute: "value"] ?? ""
    }
}
