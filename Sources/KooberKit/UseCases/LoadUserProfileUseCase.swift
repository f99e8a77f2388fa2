/// Loads what My Profile shows about the signed-in rider.
public struct LoadUserProfileUseCase: Sendable {
    let userID: UserID
    let userRepository: any UserRepository

    public init(userID: UserID, userRepository: any UserRepository) {
        self.userID = userID
        self.userRepository = userRepository
    }

    /// Throws `LoadUserProfileError.accountGone` when the rider's account is gone.
    public func run() async throws -> UserProfile {
        guard let profile = try await userRepository.profile(id: userID) else {
            throw LoadUserProfileError.accountGone
        }
        return profile
    }
}
