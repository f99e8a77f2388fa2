/// Makes sure the demo account of SPEC.md exists: created on the first start, left alone afterwards.
public struct SeedDemoAccountUseCase: Sendable {
    public static let demoAccount = NewAccount(
        name: "Johnny Appleseed", nickname: "Johnny", email: "johnny@gmail.com", mobileNumber: "510-736-8754",
        password: "password"
    )

    let userRepository: any UserRepository
    let passwordHasher: any PasswordHasher

    public init(userRepository: any UserRepository, passwordHasher: any PasswordHasher) {
        self.userRepository = userRepository
        self.passwordHasher = passwordHasher
    }

    /// Returns whether the account was created by this run.
    @discardableResult
    public func run() async throws -> Bool {
        let account = Self.demoAccount
        guard try await userRepository.credentials(forEmail: account.email) == nil else { return false }
        let user = NewUser(
            name: account.name, nickname: account.nickname, email: account.email,
            mobileNumber: account.mobileNumber, passwordHash: try await passwordHasher.hash(account.password)
        )
        do {
            _ = try await userRepository.create(user)
            return true
        } catch UserRepositoryError.emailAlreadyRegistered {
            return false  // another process seeded it first
        }
    }
}
