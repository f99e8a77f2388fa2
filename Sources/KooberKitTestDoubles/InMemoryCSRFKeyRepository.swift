import KooberKit

/// The form-signing key in memory, for tests: kept as long as the repository lives.
public actor InMemoryCSRFKeyRepository: CSRFKeyRepository {
    private var stored: CSRFKey?

    public init() {}

    public func key(storingIfAbsent candidate: CSRFKey) async throws -> CSRFKey {
        if let stored { return stored }
        stored = candidate
        return candidate
    }
}
