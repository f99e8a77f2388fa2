import KooberKit

/// Accounts in memory, for fast tests of use cases; behaves like the SQLite repository, ids counting from 1.
public actor InMemoryUserRepository: UserRepository {
    private var credentialsByID: [UserID: StoredCredentials] = [:]
    private var idsByEmail: [String: UserID] = [:]
    private var lastID: Int64 = 0
    private var credentialVersions: [UserID: Int64] = [:]
    private let mail: InMemoryMailState

    /// - Parameter mail: where a sign-up's confirmation link and its message go (`InMemoryMailState`).
    public init(mail: InMemoryMailState = InMemoryMailState()) {
        self.mail = mail
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
            mobileNumber: user.mobileNumber
        )
        credentialsByID[profile.id] = StoredCredentials(profile: profile, passwordHash: user.passwordHash)
        idsByEmail[email] = profile.id
        if let confirmation = user.confirmation { mail.issue(confirmation, for: profile.id) }
        return profile
    }

    public func credentials(forEmail email: String) async throws -> StoredCredentials? {
        guard let id = idsByEmail[EmailAddress.normalize(email)], let stored = credentialsByID[id] else { return nil }
        return StoredCredentials(
            profile: stored.profile, passwordHash: stored.passwordHash, credentialVersion: credentialVersion(id: id)!)
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
            id: id, name: name, nickname: nickname, email: stored.profile.email, mobileNumber: mobileNumber)
        credentialsByID[id] = StoredCredentials(profile: profile, passwordHash: stored.passwordHash)
        return profile
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
        mail.forget(id)
    }
}
