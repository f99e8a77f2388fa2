/// A user with the password hash to check a sign-in against.
public struct StoredCredentials: Equatable, Sendable {
    public let profile: UserProfile
    public let passwordHash: String

    public init(profile: UserProfile, passwordHash: String) {
        self.profile = profile
        self.passwordHash = passwordHash
    }
}
