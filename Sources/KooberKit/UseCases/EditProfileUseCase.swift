/// Edit Profile: changes the rider's name, nickname and mobile number, by the rules of Sign Up. Throws an
/// `EditProfileError` and changes nothing when a field is wrong.
public struct EditProfileUseCase: Sendable {
    let userID: UserID
    let name: String
    let nickname: String
    let mobileNumber: String
    let userRepository: any UserRepository

    public init(
        userID: UserID, name: String, nickname: String, mobileNumber: String, userRepository: any UserRepository
    ) {
        self.userID = userID
        self.name = name
        self.nickname = nickname
        self.mobileNumber = mobileNumber
        self.userRepository = userRepository
    }

    public func run() async throws -> UserProfile {
        let problems = SignUpValidation.profileProblems(name: name, nickname: nickname, mobileNumber: mobileNumber)
        guard problems.isEmpty else { throw EditProfileError.invalid(problems) }
        guard
            let profile = try await userRepository.updateProfile(
                id: userID, name: name.trimmingCharacters(in: .whitespacesAndNewlines),
                nickname: nickname.trimmingCharacters(in: .whitespacesAndNewlines),
                mobileNumber: mobileNumber.trimmingCharacters(in: .whitespacesAndNewlines))
        else { throw EditProfileError.accountGone }
        return profile
    }
}
