import Foundation
import KooberKit

/// Accounts in memory, for fast tests of use cases; behaves like the SQLite repository, ids counting from 1.
public actor InMemoryUserRepository: UserRepository {
    private var credentialsByID: [UserID: StoredCredentials] = [:]
    private var idsByEmail: [String: UserID] = [:]
    private var lastID: Int64 = 0
    private var credentialVersions: [UserID: Int64] = [:]
    /// Accounts Koober Ops has locked, and when it was done (a user's record, gone with the user).
    private var locks: [UserID: AccountLock] = [:]
    private var signUpTimes: [UserID: Date] = [:]
    private let mail: InMemoryMailState
    private let now: @Sendable () -> Date

    /// - Parameters:
    ///   - mail: where a sign-up's confirmation link and its message go (`InMemoryMailState`).
    ///   - now: the clock for when a user signed up (`createdAt(id:)`), as SQLite's `created_at`.
    public init(mail: InMemoryMailState = InMemoryMailState(), now: @escaping @Sendable () -> Date = Date.init) {
        self.mail = mail
        self.now = now
    }

    public func create(_ user: NewUser) async throws -> UserProfile {
        let email = EmailAddress.normalize(user.email)
        guard idsByEmail[email] == nil else { throw UserRepositoryError.emailAlreadyRegistered }
        lastID += 1
        let profile = UserProfile(
            id: UserID(lastID),
            name: user.name,
            nickname: user.nickname,
            email: email,
            mobileNumber: user.mobileNumber,
            language: user.language
        )
        credentialsByID[profile.id] = StoredCredentials(profile: profile, passwordHash: user.passwordHash)
        idsByEmail[email] = profile.id
        signUpTimes[profile.id] = now().wholeSeconds
        if let confirmation = user.confirmation { mail.issue(confirmation, for: profile.id) }
        return profile
    }

    public func credentials(forEmail email: String) async throws -> StoredCredentials? {
        guard let id = idsByEmail[EmailAddress.normalize(email)], let stored = credentialsByID[id] else { return nil }
        return StoredCredentials(
            profile: stored.profile, passwordHash: stored.passwordHash, credentialVersion: credentialVersion(id: id)!,
            isLocked: locks[id] != nil)
    }

    /// The user's lock, if Koober Ops has locked the account.
    public func lock(id: UserID) -> AccountLock? {
        locks[id]
    }

    /// When the user signed up (the repository's clock, whole seconds), or `nil` without such a user.
    public func createdAt(id: UserID) -> Date? {
        signUpTimes[id]
    }

    /// Locks the account and raises its credential version, as the stores' lock does in its transaction.
    public func lock(id: UserID, _ lock: AccountLock) throws {
        guard credentialsByID[id] != nil else { throw RiderAccountRepositoryError.noSuchRider }
        guard locks[id] == nil else { throw RiderAccountRepositoryError.alreadyLocked }
        raiseCredentialVersion(id: id)
        locks[id] = AccountLock(lockedAt: lock.lockedAt.wholeSeconds, reason: lock.reason)
    }

    /// Unlocks the account.
    public func unlock(id: UserID) throws {
        guard credentialsByID[id] != nil else { throw RiderAccountRepositoryError.noSuchRider }
        guard locks.removeValue(forKey: id) != nil else { throw RiderAccountRepositoryError.notLocked }
    }

    /// The user's credential version, or `nil` without such a user.
    public func credentialVersion(id: UserID) -> Int64? {
        credentialsByID[id] == nil ? nil : credentialVersions[id, default: 0]
    }

    /// Raises the user's credential version (a change that ends access).
    public func raiseCredentialVersion(id: UserID) {
        guard credentialsByID[id] != nil else { return }
        credentialVersions[id, default: 0] += 1
    }

    public func profile(id: UserID) async throws -> UserProfile? {
        credentialsByID[id]?.profile
    }

    public func updateProfile(id: UserID, name: String, nickname: String, mobileNumber: String) async throws
        -> UserProfile?
    {
        guard let stored = credentialsByID[id] else { return nil }
        let profile = UserProfile(
            id: id, name: name, nickname: nickname, email: stored.profile.email, mobileNumber: mobileNumber,
            language: stored.profile.language)
        credentialsByID[id] = StoredCredentials(profile: profile, passwordHash: stored.passwordHash)
        return profile
    }

    public func setLanguage(_ language: Language, for id: UserID) async throws {
        guard let stored = credentialsByID[id] else { return }
        let old = stored.profile
        let profile = UserProfile(
            id: id, name: old.name, nickname: old.nickname, email: old.email, mobileNumber: old.mobileNumber,
            language: language)
        credentialsByID[id] = StoredCredentials(profile: profile, passwordHash: stored.passwordHash)
    }

    public func updatePasswordHash(id: UserID, passwordHash: String) async throws {
        guard let stored = credentialsByID[id] else { return }
        credentialsByID[id] = StoredCredentials(profile: stored.profile, passwordHash: passwordHash)
        raiseCredentialVersion(id: id)
        mail.endResetLinks(of: id)
    }

    /// The user alone: the other in-memory stores are the caller's to clear (SQLite's foreign keys cascade).
    public func delete(id: UserID) async throws {
        guard let stored = credentialsByID.removeValue(forKey: id) else { return }
        idsByEmail[stored.profile.email] = nil
        credentialVersions[id] = nil
        locks[id] = nil
        signUpTimes[id] = nil
        mail.forget(id)
    }
}
