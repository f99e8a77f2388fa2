import Foundation
import KooberKit
import KooberKitTestDoubles

/// A store of mailed links that fails at every call (`ScreenStorageFailureTests`).
struct FailingAccountLinkRepository: AccountLinkRepository {
    func issue(_ link: AccountLinkIssue, for userID: UserID) async throws {
        throw StorageFailure(operation: "issue link")
    }

    func issueDecoy(_ link: AccountLinkIssue) async throws {
        throw StorageFailure(operation: "issue decoy link")
    }

    func user(of purpose: AccountLinkPurpose, tokenHash: SessionTokenHash, at now: Date) async throws -> UserID? {
        throw StorageFailure(operation: "link's user")
    }

    func confirmEmail(tokenHash: SessionTokenHash, at now: Date) async throws -> UserID? {
        throw StorageFailure(operation: "confirm email")
    }

    func resetPassword(tokenHash: SessionTokenHash, passwordHash: String, at now: Date) async throws
        -> StoredCredentials?
    {
        throw StorageFailure(operation: "reset password")
    }

    func isEmailConfirmed(userID: UserID) async throws -> Bool {
        throw StorageFailure(operation: "email confirmed")
    }
}
