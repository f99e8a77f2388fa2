/// Turns passwords into hashes worth storing, and checks a password against one.
/// Implementations must be slow on purpose and must run their work off the server's event loops.
public protocol PasswordHasher: Sendable {
    /// A salted hash in PHC string format.
    func hash(_ password: String) async throws -> String
    /// Whether `password` matches `hash`, compared in constant time. A malformed hash is `false`.
    func verify(_ password: String, against hash: String) async throws -> Bool
}
