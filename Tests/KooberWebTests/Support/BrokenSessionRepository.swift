import Foundation
import KooberKit

/// Storage that has failed: every call throws, with a message no user should ever see.
struct BrokenSessionRepository: UserSessionRepository {
    struct Failure: Error, CustomStringConvertible {
        var description: String { "disk I/O error at /var/lib/koober/secret-internals.sqlite" }
    }

    func create(
        tokenHash: SessionTokenHash, userID: UserID, kind: SessionKind, now: Date, credentialVersion: Int64?
    ) async throws {
        throw Failure()
    }
    func session(tokenHash: SessionTokenHash) async throws -> UserSession? { throw Failure() }
    func touch(tokenHash: SessionTokenHash, now: Date) async throws { throw Failure() }
    func delete(tokenHash: SessionTokenHash) async throws { throw Failure() }
    func deleteAll(userID: UserID, keeping: SessionTokenHash?) async throws -> Int { throw Failure() }
    func deleteExpired(kind: SessionKind, idleCutoff: Date, absoluteCutoff: Date) async throws -> Int {
        throw Failure()
    }
}
