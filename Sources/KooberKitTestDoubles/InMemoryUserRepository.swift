import KooberKit

/// Accounts in memory, for fast tests of use cases; behaves like the SQLite repository, ids counting from 1.
public actor InMemoryUserRepository: UserRepository {
    private var credentialsByID: [UserID: StoredCredentials] = [:]
    private var idsByEmail: [String: UserID] = [:]
    private var lastID: Int64 = 0

    public init() {}

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
        return profile
    }

    public func credentials(forEmail email: String) async throws -> StoredCredentials? {
        idsByEmail[EmailAddress.normalize(email)].flatMap { credentialsByID[$0] }
    }

    public func profile(id: UserID) async throws -> UserProfile? {
        credentialsByID[id]?.profile
    }
}
