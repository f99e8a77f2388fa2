import Foundation
import Timekeeping

/// What checks a password as Sign In does, for the profile's password forms: the failures, the hasher with its
/// stand-in hash, the throttle's policy and the attempt gate, made once by the app.
public struct PasswordThrottle: Sendable {
    let failureRepository: any SignInFailureRepository
    let passwordHasher: any PasswordHasher
    let standInHash: String
    let policy: SignInThrottlePolicy
    let attemptGate: SignInAttemptGate

    public init(
        failureRepository: any SignInFailureRepository, passwordHasher: any PasswordHasher, standInHash: String,
        policy: SignInThrottlePolicy, attemptGate: SignInAttemptGate
    ) {
        self.failureRepository = failureRepository
        self.passwordHasher = passwordHasher
        self.standInHash = standInHash
        self.policy = policy
        self.attemptGate = attemptGate
    }

    /// The check of `email`'s password (normalised by the caller) from `clientAddress` at `now`.
    func check(email: String, from clientAddress: String, at now: Date, userRepository: any UserRepository)
        -> PasswordCheck
    {
        PasswordCheck(
            email: email, clientAddress: clientAddress, now: now, userRepository: userRepository, throttle: self)
    }

    /// The check of `profile`'s password from `clientAddress` at `now`.
    func check(_ profile: UserProfile, from clientAddress: String, at now: Date, userRepository: any UserRepository)
        -> PasswordCheck
    {
        check(email: profile.email, from: clientAddress, at: now, userRepository: userRepository)
    }
}

/// Checks a password for an email as Sign In does, for Sign In and for the profile's password forms (Change Password,
/// Delete Account), so that all of them are throttled alike: one attempt at a time per email and address
/// (`SignInAttemptGate`), none while a scope of `SignInThrottlePolicy` is locked out, every failure counted, and an
/// unknown email checked against a stand-in hash so that the answer's timing tells nothing.
struct PasswordCheck: Sendable {
    let email: String
    let clientAddress: String
    let now: Date
    let userRepository: any UserRepository
    /// The failures, the hasher with its stand-in hash, the policy and the attempt gate.
    let throttle: PasswordThrottle

    /// As `verify`, throwing `throttled` while locked out (the profile's password forms, whose errors are their own).
    func verify(_ password: String, throttledAs throttled: some Error) async throws -> StoredCredentials? {
        do {
            return try await verify(password)
        } catch SignInError.throttled {
            throw throttled
        }
    }

    /// The credentials when `password` is the email's; `nil` (a failure counted) when it is not or either is empty.
    /// Throws `SignInError.throttled`, without checking, while locked out.
    func verify(_ password: String) async throws -> StoredCredentials? {
        try await throttle.attemptGate.withExclusiveAttempt(for: email, from: clientAddress) {
            if try await isThrottled() { throw SignInError.throttled }
            let credentials = email.isEmpty ? nil : try await userRepository.credentials(forEmail: email)
            let matches = try await throttle.passwordHasher.verify(
                password, against: credentials?.passwordHash ?? throttle.standInHash)
            guard let credentials, matches, !password.isEmpty else {
                if !email.isEmpty {
                    try await throttle.failureRepository.recordFailure(email: email, address: clientAddress, at: now)
                    try await throttle.failureRepository.deleteFailures(
                        before: now - throttle.policy.window - throttle.policy.lockout)
                }
                return nil
            }
            try await throttle.failureRepository.clearFailures(email: email, address: clientAddress)
            return credentials
        }
    }

    /// Locked out for `lockout` after the failure that made a scope's maximum within `window`, in any of the
    /// attempt's scopes (`SignInThrottlePolicy`).
    private func isThrottled() async throws -> Bool {
        guard !email.isEmpty else { return false }
        for scope in SignInFailureScope.all(email: email, address: clientAddress) {
            if try await isLockedOut(scope) { return true }
        }
        return false
    }

    private func isLockedOut(_ scope: SignInFailureScope) async throws -> Bool {
        guard let last = try await throttle.failureRepository.lastFailure(scope), now < last + throttle.policy.lockout
        else {
            return false
        }
        return try await throttle.failureRepository.failureCount(scope, since: last - throttle.policy.window)
            >= throttle.policy.maximumFailures(for: scope)
    }
}
