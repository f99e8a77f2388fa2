import HTTPServer
import KooberKit

/// What a visitor can do on Sign Up.
protocol SignUpIxResponder {
    func signUp(_ account: NewAccount) async throws -> Response
}
