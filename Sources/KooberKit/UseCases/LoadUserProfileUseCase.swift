/// Loads what My Profile shows about the signed-in rider.
public struct LoadUserProfileUseCase: Sendable {
    let userID: UserID
    let userRepository: any UserRepository

    public init(userID: UserID, userRepository: any UserRepository) {
        self.userID = userID
        self.userRepository = userRepository
    }

    /// Throws an `ErrorMessage` when the rider's account is gone.
    public func run() async throws -> UserProfile {
        guard let profile = try await userRepository.profile(id: userID) else {
            throw ErrorMessage(title: "Profile Not Found", message: "Your account could not be found.")
        }
        return profile
    }
}
