/// A staff member's moves in Koober Ops, done through the pages as a person does them.
extension TestBrowser {
    nonisolated(nonsending) public func signInToOps(email: String, password: String, code: String) async throws {
        try await visit("/ops/signin")
        try fillIn("Email", with: email)
        try fillIn("Password", with: password)
        try fillIn("Authenticator code", with: code)
        try await press("Sign In")
    }
}
