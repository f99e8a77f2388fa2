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

    /// The check of a rider's password for `email` (normalised by the caller) from `clientAddress` at `now`.
    func check(email: String, from clientAddress: String, at now: Date, userRepository: any UserRepository)
        -> PasswordCheck<StoredCredentials>
    {
        PasswordCheck(email: email, clientAddress: clientAddress, now: now, throttle: self) { email in
            try await userRepository.credentials(forEmail: email).map { ($0, $0.passwordHash) }
        }
    }

    /// The check of a Koober Ops staff member's password for `email` (normalised by the caller): throttled alike, and
    /// counted in the same scopes, so an address guessing riders' passwords is held back at /ops too.
    func check(staffEmail email: String, from clientAddress: String, at now: Date, staff: any StaffRepository)
        -> PasswordCheck<StaffCredentials>
    {
        PasswordCheck(email: email, clientAddress: clientAddress, now: now, throttle: self) { email in
            try await staff.credentials(forEmail: email).map { ($0, $0.passwordHash) }
        }
    }

    /// The check of `profile`'s password from `clientAddress` at `now`.
    func check(_ profile: UserProfile, from clientAddress: String, at now: Date, userRepository: any UserRepository)
        -> PasswordCheck<StoredCredentials>
    {
        check(email: profile.email, from: clientAddress, at: now, userRepository: userRepository)
    }
}

/// Checks a password for an email as Sign In does, for Sign In and for the profile's password forms (Change Password,
/// Delete Account), so that all of them are throttled alike: one attempt at a time per email and address
/// (`SignInAttemptGate`), none while a scope of `SignInThrottlePolicy` is locked out, every failure counted, and an
/// unknown email checked against a stand-in hash so that the answer's timing tells nothing.
struct PasswordCheck<Credentials: Sendable>: Sendable {
    let email: String
    let clientAddress: String
    let now: Date
    /// The failures, the hasher with its stand-in hash, the policy and the attempt gate.
    let throttle: PasswordThrottle
    /// The credentials stored for an email, with their password's hash; `nil` for an email of none.
    let lookUp: @Sendable (String) async throws -> (credentials: Credentials, passwordHash: String)?

    /// As `verify`, throwing `throttled` while locked out (the profile's password forms, whose errors are their own).
    func verify(_ password: String, throttledAs throttled: some Error) async throws -> Credentials? {
        do {
            return try await verify(password)
        } catch SignInError.throttled {
            throw throttled
        }
    }

    /// The credentials when `password` is the email's and they pass `secondFactor` (Koober Ops' authenticator code;
    /// asked only once the password matched); `nil` (a failure counted) when not, or when either is empty. Throws
    /// `SignInError.throttled`, without checking, while locked out. A wrong second factor is a failure as a wrong
    /// password is, so that the right password does not clear the way for guessing codes.
    func verify(
        _ password: String, and secondFactor: @Sendable (Credentials) async throws -> Bool = { _ in true }
    ) async throws -> Credentials? {
        try await throttle.attemptGate.withExclusiveAttempt(for: email, from: clientAddress) {
            if try await isThrottled() { throw SignInError.throttled }
            let stored = email.isEmpty ? nil : try await lookUp(email)
            let matches = try await throttle.passwordHasher.verify(
                password, against: stored?.passwordHash ?? throttle.standInHash)
            guard let credentials = stored?.credentials, matches, !password.isEmpty,
                try await secondFactor(credentials)
            else {
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
