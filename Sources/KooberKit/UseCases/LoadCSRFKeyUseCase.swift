/// Loads the server's form-signing key at start-up, making and storing one on the first start.
public struct LoadCSRFKeyUseCase: Sendable {
    let repository: any CSRFKeyRepository

    public init(repository: any CSRFKeyRepository) {
        self.repository = repository
    }

    public func run() async throws -> CSRFKey {
        try await repository.key(storingIfAbsent: .generate())
    }
}
