/// Where the server's form-signing key (`CSRFKey`) is kept, so that every process sharing the storage, and every
/// restart, signs and verifies form tokens with the same key.
public protocol CSRFKeyRepository: Sendable {
    /// The stored key; when none is stored yet, stores `candidate` and returns it. Two processes starting at once
    /// on one store get the same key.
    func key(storingIfAbsent candidate: CSRFKey) async throws -> CSRFKey
}
