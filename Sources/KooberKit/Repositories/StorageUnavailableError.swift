/// The store could not be reached (its server is down, or gave no answer in time): nothing was read or changed.
/// Pages answer it with 503 and `Retry-After`, and `/healthz` with 503; service comes back by itself with the store.
public struct StorageUnavailableError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong, for the log (never shown on a page).
    public let reason: String

    public init(reason: String) {
        self.reason = reason
    }

    public var description: String { "the database is unavailable: \(reason)" }
}
