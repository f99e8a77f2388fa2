import Foundation

/// Change Password: with the current password (checked and throttled as Sign In is), sets a new one by the rule of
/// Sign Up, ends every session of the rider (a lost phone is signed out at its next request; `signal` hears of it), and starts a new one
/// for this browser, with a new id. Throws an `ErrorMessage` (**Change Password Failed**, each field's problem) or
/// `SignInError.throttled`, and then changes nothing.
public struct ChangePasswordUseCase: Sendable {
    let userID: UserID
    let currentPassword: String
    let newPassword: String
    let now: Date
    let passwordCheck: PasswordCheck
    let userRepository: any UserRepository
    let sessionRepository: any UserSessionRepository
    let passwordHasher: any PasswordHasher
    let sessionStarter: SessionStarter
    let signal: any SessionEndSignal

    public init(
        profile: UserProfile, currentPassword: String, newPassword: String, clientAddress: String, now: Date,
        userRepository: any UserRepository, sessionRepository: any UserSessionRepository,
        passwordThrottle: PasswordThrottle, sessionPolicy: SessionPolicy, signal: any SessionEndSignal
    ) {
        userID = profile.id
        self.currentPassword = currentPassword
        self.newPassword = newPassword
        self.now = now
        passwordCheck = passwordThrottle.check(profile, from: clientAddress, at: now, userRepository: userRepository)
        self.userRepository = userRepository
        self.sessionRepository = sessionRepository
        self.passwordHasher = passwordThrottle.passwordHasher
        sessionStarter = SessionStarter(sessionRepository: sessionRepository, policy: sessionPolicy)
        self.signal = signal
    }

    public static func failure(_ fieldErrors: [String: String]) -> ErrorMessage {
        ErrorMessage(
            title: "Change Password Failed", message: "Please correct the fields marked below.",
            fieldErrors: fieldErrors)
    }

    public func run() async throws -> StartedSession {
        var problems = SignUpValidation.passwordProblems(newPassword, fieldName: "newPassword")
        problems["currentPassword"] =
            currentPassword.isEmpty
            ? "Please enter your current password." : FieldLimit.password.problem(with: currentPassword)
        guard problems.isEmpty else { throw Self.failure(problems) }
        guard let credentials = try await passwordCheck.verify(currentPassword), credentials.profile.id == userID else {
            throw Self.failure(["currentPassword": "That is not your current password."])
        }
        try await userRepository.updatePasswordHash(
            id: userID, passwordHash: try await passwordHasher.hash(newPassword))
        try await sessionRepository.deleteAll(userID: userID, keeping: nil)
        signal.sessionsEnded(of: userID)
        return try await sessionStarter.start(for: credentials.profile, now: now)
    }
}
