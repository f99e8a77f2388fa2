import Foundation

/// Delete Account: with the rider's password (checked and throttled as Sign In is), cancels a ride in progress (its
/// animal is freed where it stands), ends every session (`sessionSignal` hears of it) and removes the rider with their rides; the email may sign
/// up again. Throws a `DeleteAccountError`, and then removes nothing.
public struct DeleteAccountUseCase: Sendable {
    let userID: UserID
    let password: String
    let now: Date
    let passwordCheck: PasswordCheck<StoredCredentials>
    let userRepository: any UserRepository
    let sessionRepository: any UserSessionRepository
    let rideRepository: any RideRepository
    let rideSignal: any RideChangeSignal
    let sessionSignal: any SessionEndSignal

    public init(
        profile: UserProfile, password: String, clientAddress: String, now: Date, userRepository: any UserRepository,
        sessionRepository: any UserSessionRepository, rideRepository: any RideRepository,
        passwordThrottle: PasswordThrottle, rideSignal: any RideChangeSignal,
        sessionSignal: any SessionEndSignal
    ) {
        userID = profile.id
        self.password = password
        self.now = now
        passwordCheck = passwordThrottle.check(profile, from: clientAddress, at: now, userRepository: userRepository)
        self.userRepository = userRepository
        self.sessionRepository = sessionRepository
        self.rideRepository = rideRepository
        self.rideSignal = rideSignal
        self.sessionSignal = sessionSignal
    }

    public func run() async throws {
        if let problem = password.isEmpty ? .missing : FieldLimit.password.problem(with: password) {
            throw DeleteAccountError.invalid(problem)
        }
        guard let credentials = try await passwordCheck.verify(password, throttledAs: DeleteAccountError.throttled),
            credentials.profile.id == userID
        else {
            throw DeleteAccountError.invalid(.notYourPassword)
        }
        do {
            _ = try await CancelRideUseCase(
                userID: userID, now: now, rideRepository: rideRepository, signal: rideSignal
            )
            .run()
        } catch is CancelRideError {
            // Nothing to cancel, or already riding: the ride goes with the account.
        }
        try await sessionRepository.deleteAll(userID: userID, keeping: nil)
        sessionSignal.sessionsEnded(of: userID)
        try await userRepository.delete(id: userID)
        rideSignal.ridesChanged()
    }
}
