import Foundation

/// Failed sign-ins in memory, for fast tests of use cases; like the SQLite repository it normalises emails and
/// keeps times to the whole second.
public actor InMemorySignInFailureRepository: SignInFailureRepository {
    private var failuresByEmail: [String: [Date]] = [:]

    public init() {}

    public func recordFailure(email: String, at time: Date) async throws {
        failuresByEmail[EmailAddress.normalize(email), default: []].append(time.wholeSeconds)
    }

    public func failureCount(email: String, since: Date) async throws -> Int {
        let since = since.wholeSeconds
        return failuresByEmail[EmailAddress.normalize(email), default: []].count { $0 >= since }
    }

    public func lastFailure(email: String) async throws -> Date? {
        failuresByEmail[EmailAddress.normalize(email)]?.max()
    }

    public func clearFailures(email: String) async throws {
        failuresByEmail[EmailAddress.normalize(email)] = nil
    }

    public func deleteFailures(before cutoff: Date) async throws {
        let cutoff = cutoff.wholeSeconds
        failuresByEmail = failuresByEmail.compactMapValues { times in
            let kept = times.filter { $0 >= cutoff }
            return kept.isEmpty ? nil : kept
        }
    }
}
