import Foundation
import KooberKit

/// A sign-in failure store that fails at every call.
public struct FailingSignInFailureRepository: SignInFailureRepository {
    public init() {}

    public func recordFailure(email: String, address: String, at time: Date) async throws {
        throw StorageFailure(operation: "record failure")
    }

    public func failureCount(_ scope: SignInFailureScope, since: Date) async throws -> Int {
        throw StorageFailure(operation: "failure count")
    }

    public func lastFailure(_ scope: SignInFailureScope) async throws -> Date? {
        throw StorageFailure(operation: "last failure")
    }

    public func clearFailures(email: String, address: String) async throws {
        throw StorageFailure(operation: "clear failures")
    }

    public func deleteFailures(before cutoff: Date) async throws {
        throw StorageFailure(operation: "delete failures")
    }
}
