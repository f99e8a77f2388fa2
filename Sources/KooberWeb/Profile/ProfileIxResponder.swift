import HTTPServer

/// What a rider can do on My Profile.
protocol ProfileIxResponder {
    func signOut() async throws -> Response
}
