import HTTPServer

/// What a visitor can do on Sign In.
protocol SignInIxResponder {
    func signIn(email: String, password: String) async throws -> Response
}
