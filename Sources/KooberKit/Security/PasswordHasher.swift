/// Turns passwords into hashes worth storing, and checks a password against one.
/// Implementations must be slow on purpose and must run their work off the server's event loops.
public protocol PasswordHasher: Sendable {
    /// A salted hash in PHC string format.
    func hash(_ password: String) async throws -> String
    /// Whether `password` matches `hash`, compared in constant time. A malformed hash is `false`.
    func verify(_ password: String, against hash: String) async throws -> Bool
    /// A hash that no password matches, in this hasher's format and at its cost: verified when a sign-in names an
    /// unknown email, so that the answer takes as long as for a known one. Making it must cost nothing (it is made
    /// at start-up); verifying against it must cost what verifying against a real hash does.
    func standInHash() -> String
}
