/// What a broken store throws: not something a user can fix, so use cases must let it through.
public struct StorageFailure: Error, Equatable, Sendable {
    public let operation: String

    public init(operation: String) {
        self.operation = operation
    }
}
