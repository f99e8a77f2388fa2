/// A user with the password hash to check a sign-in against, and the version of their credentials it was read at:
/// every change that ends access (a password change, Sign Out Everywhere) raises it, and a session is stored only at
/// the version its sign-in checked (`UserSessionRepository.create`). `isLocked`: Koober Ops locked the account
/// (`RiderAccountRepository.lock`), and no sign-in may start a session.
public struct StoredCredentials: Equatable, Sendable {
    public let profile: UserProfile
    public let passwordHash: String
    public let credentialVersion: Int64
    public let isLocked: Bool

    public init(profile: UserProfile, passwordHash: String, credentialVersion: Int64 = 0, isLocked: Bool = false) {
        self.profile = profile
        self.passwordHash = passwordHash
        self.credentialVersion = credentialVersion
        self.isLocked = isLocked
    }
}
