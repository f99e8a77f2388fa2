import Foundation
import KooberKit
import KooberKitTestDoubles
import TestKit
import Testing

/// SPEC.md: after 5 failures for one email within 15 minutes, further tries answer 429 for 15 minutes, without
/// checking the password.
struct SignInThrottlingTests {
    /// Fails `count` sign-ins for `email`, one a minute from `start`; returns the time of the last.
    @discardableResult
    private func fail(
        _ count: Int,
        email: String = "johnny@gmail.com",
        from start: Date = referenceTime,
        in world: UseCaseWorld
    ) async throws -> Date {
        var time = start
        for attempt in 0..<count {
            time = start + minutes(Double(attempt))
            let result = try await world.signIn(email: email, password: "wrong \(attempt)", at: time)
            #expect(result.failure == .failed, "attempt \(attempt + 1) should fail plainly")
        }
        return time
    }

    @Test func fourFailuresLeaveTheNextTryToThePassword() async throws {
        let world = UseCaseWorld()
        try await world.addUser()
        let last = try await fail(4, in: world)

        let result = try await world.signIn(password: "password", at: last + minutes(1))

        #expect(result.failure == nil)
    }

    @Test func theSixthTryAfterFiveFailuresIsThrottledWithoutCheckingThePassword() async throws {
        let world = UseCaseWorld()
        try await world.addUser()
        let last = try await fail(5, in: world)
        let verificationsBefore = await world.hasher.verifications.count
        #expect(verificationsBefore == 5)

        let result = try await world.signIn(password: "password", at: last + minutes(1))

        #expect(result.failure == .throttled)
        #expect(await world.hasher.verifications.count == verificationsBefore)
        #expect(try await world.allSessionsRemoved() == 0)
    }

    @Test func aThrottledTryIsNotRecordedAsAFailure() async throws {
        let world = UseCaseWorld()
        try await world.addUser()
        let last = try await fail(5, in: world)

        _ = try await world.signIn(password: "wrong", at: last + minutes(2))

        #expect(try await world.failures.failureCount(.email("johnny@gmail.com"), since: .distantPast) == 5)
        #expect(try await world.failures.lastFailure(.email("johnny@gmail.com")) == last)
    }

    @Test func theLockoutEndsFifteenMinutesAfterTheLastFailure() async throws {
        let world = UseCaseWorld()
        let user = try await world.addUser()
        let last = try await fail(5, in: world)

        #expect(try await world.signIn(at: last + minutes(10)).failure == .throttled)
        #expect(try await world.signIn(at: last + minutes(15) - seconds(1)).failure == .throttled)
        let started = try await world.signIn(at: last + minutes(15)).get()

        #expect(started.profile == user)
    }

    @Test func throttledTriesDoNotExtendTheLockout() async throws {
        let world = UseCaseWorld()
        try await world.addUser()
        let last = try await fail(5, in: world)
        for minute in stride(from: 1.0, through: 14, by: 1) {
            #expect(try await world.signIn(password: "wrong", at: last + minutes(minute)).failure == .throttled)
        }

        #expect(try await world.signIn(at: last + minutes(15)).failure == nil)
    }

    @Test func fiveFailuresSpreadOverMoreThanFifteenMinutesDoNotThrottle() async throws {
        let world = UseCaseWorld()
        try await world.addUser()
        // Failures at 0, 4, 8, 12 and 16 minutes: no 15-minute window holds all five.
        for minute in [0.0, 4, 8, 12, 16] {
            #expect(try await world.signIn(password: "wrong", at: referenceTime + minutes(minute)).failure == .failed)
        }

        let result = try await world.signIn(password: "wrong", at: referenceTime + minutes(16) + seconds(1))

        #expect(result.failure == .failed)
        #expect(await world.hasher.verifications.count == 6)
    }

    @Test func fiveFailuresWithinExactlyFifteenMinutesThrottle() async throws {
        let world = UseCaseWorld()
        try await world.addUser()
        for minute in [0.0, 5, 10, 14, 15] {
            #expect(try await world.signIn(password: "wrong", at: referenceTime + minutes(minute)).failure == .failed)
        }

        #expect(try await world.signIn(at: referenceTime + minutes(16)).failure == .throttled)
    }

    @Test func failuresThatCaseOrSpacesDisguiseStillCountForTheEmail() async throws {
        let world = UseCaseWorld()
        try await world.addUser()
        for (attempt, email) in [
            "johnny@gmail.com", "JOHNNY@gmail.com", " johnny@gmail.com", "Johnny@Gmail.Com ", "\tjohnny@GMAIL.com",
        ].enumerated() {
            _ = try await world.signIn(email: email, password: "wrong", at: referenceTime + minutes(Double(attempt)))
        }

        #expect(try await world.signIn(email: "johnny@gmail.com", at: referenceTime + minutes(5)).failure == .throttled)
    }

    @Test func anotherEmailIsNotThrottled() async throws {
        let world = UseCaseWorld()
        try await world.addUser(email: "johnny@gmail.com")
        let other = try await world.addUser(email: "joey@koober.com")
        let last = try await fail(5, email: "johnny@gmail.com", in: world)

        let started = try await world.signIn(email: "joey@koober.com", at: last + minutes(1)).get()

        #expect(started.profile == other)
    }

    @Test func unknownEmailsAreThrottledToo() async throws {
        let world = UseCaseWorld()
        let last = try await fail(5, email: "nobody@koober.com", in: world)
        let verificationsBefore = await world.hasher.verifications.count

        let result = try await world.signIn(email: "nobody@koober.com", at: last + minutes(1))

        #expect(result.failure == .throttled)
        #expect(await world.hasher.verifications.count == verificationsBefore)
    }

    @Test func aSuccessBeforeTheFifthFailureResetsTheCount() async throws {
        let world = UseCaseWorld()
        try await world.addUser()
        let last = try await fail(4, in: world)
        _ = try await world.signIn(at: last + minutes(1)).get()
        let lastAfter = try await fail(4, from: last + minutes(2), in: world)

        #expect(try await world.signIn(password: "wrong", at: lastAfter + minutes(1)).failure == .failed)
    }

    @Test func concurrentTriesBeyondTheLimitAreNotAllCheckedAgainstThePassword() async throws {
        let users = InMemoryUserRepository()
        let sessions = InMemoryUserSessionRepository(users: users)
        let failures = InMemorySignInFailureRepository()
        let hasher = GatedPasswordHasher()
        _ = try await users.create(
            NewUser(
                name: "Johnny Appleseed",
                nickname: "Johnny",
                email: "johnny@gmail.com",
                mobileNumber: "510-736-8754",
                passwordHash: FakePasswordHasher.fakeHash(of: "password")
            )
        )
        let attempts = 12
        let throttle = SignInThrottlePolicy()
        let gate = SignInAttemptGate()

        let results = try await withThrowingTaskGroup(of: Result<StartedSession, SignInError>.self) { group in
            for attempt in 0..<attempts {
                group.addTask {
                    try await outcome(SignInError.self) {
                        try await SignInUseCase(
                            email: "johnny@gmail.com", password: "guess \(attempt)", clientAddress: "192.0.2.1",
                            now: referenceTime,
                            userRepository: users, sessionRepository: sessions,
                            passwordThrottle: PasswordThrottle(
                                failureRepository: failures, passwordHasher: hasher,
                                standInHash: FakePasswordHasher.fakeHash(of: "stand-in"), policy: throttle,
                                attemptGate: gate), sessionPolicy: SessionPolicy()
                        ).run()
                    }
                }
            }
            // Hold the password checks until every try that will reach one has (or a second has passed: how many
            // reach it is what the test counts, so not all need to).
            _ = await eventually(within: .seconds(1)) { await hasher.verifyCount >= attempts }
            await hasher.open()
            return try await group.reduce(into: []) { $0.append($1) }
        }

        #expect(results.count == attempts)
        #expect(results.allSatisfy { $0.failure != nil })
        let checked = await hasher.verifyCount
        #expect(checked == throttle.maximumFailures)
    }
}

/// The wider limits (SPEC.md): per address across emails, per email across addresses.
@Suite struct SignInThrottlingByAddressTests {
    @Test func failuresFromOneAddressDoNotThrottleTheSameEmailFromAnother() async throws {
        let world = UseCaseWorld()
        try await world.addUser()
        for _ in 1...5 { _ = try await world.signIn(password: "guess", from: "203.0.113.1") }
        #expect(try await world.signIn(from: "203.0.113.1").failure == .throttled)
        #expect(try await world.signIn(from: "198.51.100.1").failure == nil)
        #expect(try await world.signIn(from: "203.0.113.1").failure == .throttled)
    }

    @Test func anAddressIsThrottledForEveryEmailAfterFiftyFailuresAcrossEmails() async throws {
        let world = UseCaseWorld()
        try await world.addUser()
        for index in 1...49 {
            _ = try await world.signIn(email: "r\(index)@koober.com", password: "x", from: "203.0.113.1")
        }
        #expect(try await world.signIn(from: "203.0.113.1").failure == nil)
        _ = try await world.signIn(email: "r50@koober.com", password: "x", from: "203.0.113.1")
        let fiftyFirst = try await world.signIn(email: "r50@koober.com", password: "x", from: "203.0.113.1")
        #expect(fiftyFirst.failure == .throttled)
        #expect(try await world.signIn(from: "203.0.113.1").failure == .throttled)
        #expect(try await world.signIn(from: "203.0.113.1", at: referenceTime + minutes(15)).failure == nil)
    }

    @Test func anEmailIsThrottledEverywhereAfterAHundredFailuresAcrossAddresses() async throws {
        let world = UseCaseWorld()
        try await world.addUser()
        for index in 0..<100 { _ = try await world.signIn(password: "guess", from: "10.0.0.\(index)") }
        #expect(try await world.signIn(from: "198.51.100.1").failure == .throttled)
        #expect(await world.hasher.verifications.count == 100)
    }

    /// Issue 41: the attempt gate's table holds a pair only while its attempt runs. A flood of sign-ins for as many
    /// emails and addresses at once leaves nothing behind once they end.
    @Test func theAttemptGateHoldsNothingOnceAFloodOfSignInsHasEnded() async throws {
        let world = UseCaseWorld()
        try await world.addUser()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<500 {
                group.addTask {
                    let address = "10.0.\(index / 256).\(index % 256)"
                    _ = try await world.signIn(email: "rider\(index)@example.com", password: "guess", from: address)
                }
            }
            try await group.waitForAll()
        }
        #expect(await world.attemptGate.heldKeys == 0)
        #expect(await world.hasher.verifications.count == 500)
    }
}
