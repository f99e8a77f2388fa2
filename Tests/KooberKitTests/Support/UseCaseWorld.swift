import Foundation
import KooberKit
import KooberKitTestDoubles

/// A fixed moment on a whole second (what storage keeps), so times in tests are exact and easy to read.
let referenceTime = Date(timeIntervalSince1970: 1_700_000_000)

func seconds(_ count: Double) -> TimeInterval { count }
func minutes(_ count: Double) -> TimeInterval { count * 60 }
func days(_ count: Double) -> TimeInterval { count * 24 * 3600 }

/// What a visitor types into Sign Up; every field valid unless a test says otherwise.
func makeAccount(
    name: String = "Johnny Appleseed",
    nickname: String = "Johnny",
    email: String = "johnny@gmail.com",
    mobileNumber: String = "510-736-8754",
    password: String = "password"
) -> NewAccount {
    NewAccount(name: name, nickname: nickname, email: email, mobileNumber: mobileNumber, password: password)
}

extension Result {
    /// The error of a failed result, `nil` on success.
    var failure: Failure? {
        if case .failure(let failure) = self { failure } else { nil }
    }
}

/// How a use case's run ended, as a `Result`: what it throws of type `Failure` (what the rider is told) is the
/// failure; anything else (a broken store) is thrown on, as the web layer lets it through to the 500 page.
func outcome<Success, Failure: Error>(
    _: Failure.Type, of run: () async throws -> Success
) async throws -> Result<Success, Failure> {
    do {
        return .success(try await run())
    } catch let failure as Failure {
        return .failure(failure)
    }
}

/// The in-memory repositories and a fake hasher wired as the app wires the real ones, with shortcuts to run the
/// use cases at a given time.
struct UseCaseWorld {
    let users = InMemoryUserRepository()
    let sessions: InMemoryUserSessionRepository
    let failures = InMemorySignInFailureRepository()
    let hasher = FakePasswordHasher()
    let attemptGate = SignInAttemptGate()
    let signUpThrottle = SignUpThrottle()
    /// The hash an unknown email is verified against; no user's hash.
    let standInHash = FakePasswordHasher.fakeHash(of: "stand-in: nobody's password")

    init() {
        sessions = InMemoryUserSessionRepository(users: users)
    }

    /// Stores a user directly (no use case), with the fake hash of `password`.
    @discardableResult
    func addUser(email: String = "johnny@gmail.com", password: String = "password") async throws -> UserProfile {
        try await users.create(
            NewUser(
                name: "Johnny Appleseed",
                nickname: "Johnny",
                email: email,
                mobileNumber: "510-736-8754",
                passwordHash: FakePasswordHasher.fakeHash(of: password)
            )
        )
    }

    func signUp(
        _ account: NewAccount,
        from address: String = "192.0.2.1",
        at now: Date = referenceTime
    ) async throws -> Result<StartedSession, SignUpError> {
        try await outcome(SignUpError.self) {
            try await SignUpUseCase(
                account: account, clientAddress: address, now: now, userRepository: users, sessionRepository: sessions,
                passwordHasher: hasher, sessionPolicy: SessionPolicy(), signUpThrottle: signUpThrottle
            ).run()
        }
    }

    func signIn(
        email: String = "johnny@gmail.com",
        password: String = "password",
        from address: String = "192.0.2.1",
        at now: Date = referenceTime
    ) async throws -> Result<StartedSession, SignInError> {
        try await outcome(SignInError.self) {
            try await SignInUseCase(
                email: email, password: password, clientAddress: address,
                now: now, userRepository: users, sessionRepository: sessions,
                passwordThrottle: passwordThrottle, sessionPolicy: SessionPolicy()
            ).run()
        }
    }

    func resolve(_ token: SessionToken, at now: Date, policy: SessionPolicy = SessionPolicy()) async throws
        -> UserSession?
    {
        try await ResolveUserSessionUseCase(token: token, now: now, sessionRepository: sessions, policy: policy).run()
    }

    /// Whether storage still holds the session of `token`.
    func isStored(_ token: SessionToken) async throws -> Bool {
        try await sessions.session(tokenHash: token.hash) != nil
    }

    /// Sign In's password check, for the profile's password forms.
    var passwordThrottle: PasswordThrottle {
        PasswordThrottle(
            failureRepository: failures, passwordHasher: hasher, standInHash: standInHash,
            policy: SignInThrottlePolicy(), attemptGate: attemptGate)
    }

    /// Removes every stored session and says how many there were (sessions are only reachable by token).
    func allSessionsRemoved() async throws -> Int {
        var removed = 0
        for kind in SessionKind.allCases {
            removed += try await sessions.deleteExpired(
                kind: kind, idleCutoff: .distantFuture, absoluteCutoff: .distantFuture)
        }
        return removed
    }
}
