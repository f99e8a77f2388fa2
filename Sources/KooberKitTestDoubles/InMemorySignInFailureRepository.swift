import Foundation
import KooberKit

/// Failed sign-ins in memory, for fast tests of use cases; like the SQLite repository it normalises emails and
/// keeps times to the whole second.
public actor InMemorySignInFailureRepository: SignInFailureRepository {
    private struct Failure {
        let email: String
        let address: String
        let time: Date

        func isIn(_ scope: SignInFailureScope) -> Bool {
            switch scope {
            case .pair(let email, let address): self.email == EmailAddress.normalize(email) && self.address == address
            case .address(let address): self.address == address
            case .email(let email): self.email == EmailAddress.normalize(email)
            }
        }
    }

    private var failures: [Failure] = []

    public init() {}

    public func recordFailure(email: String, address: String, at time: Date) async throws {
        failures.append(Failure(email: EmailAddress.normalize(email), address: address, time: time.wholeSeconds))
    }

    public func failureCount(_ scope: SignInFailureScope, since: Date) async throws -> Int {
        let since = since.wholeSeconds
        return failures.count { $0.isIn(scope) && $0.time >= since }
    }

    public func lastFailure(_ scope: SignInFailureScope) async throws -> Date? {
        failures.filter { $0.isIn(scope) }.map(\.time).max()
    }

    public func clearFailures(email: String, address: String) async throws {
        failures.removeAll { $0.isIn(.pair(email: email, address: address)) }
    }

    public func deleteFailures(before cutoff: Date) async throws {
        let cutoff = cutoff.wholeSeconds
        failures.removeAll { $0.time < cutoff }
    }
}
