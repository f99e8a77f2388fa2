import Foundation
import KooberKit
import KooberKitTestDoubles
import Testing

struct SignInUseCaseTests {
    @Test func theRightPasswordStartsASessionForThatUser() async throws {
        let world = UseCaseWorld()
        let user = try await world.addUser(email: "johnny@gmail.com", password: "password")

        let started = try await world.signIn(email: "johnny@gmail.com", password: "password", at: referenceTime).get()

        #expect(started.profile == user)
        let session = try #require(try await world.sessions.session(tokenHash: started.token.hash))
        #expect(session.profile == user)
        #expect(session.createdAt == referenceTime)
    }

    @Test func theEmailMatchesWhateverItsCaseAndSurroundingSpaces() async throws {
        let world = UseCaseWorld()
        let user = try await world.addUser(email: "johnny@gmail.com")

        let started = try await world.signIn(email: "  JOHNNY@Gmail.com\n", password: "password").get()

        #expect(started.profile == user)
    }

    @Test func thePasswordIsCheckedAgainstTheUsersStoredHash() async throws {
        let world = UseCaseWorld()
        try await world.addUser(password: "password")

        _ = try await world.signIn(password: "password")

        #expect(
            await world.hasher.verifications
                == [.init(password: "password", hash: FakePasswordHasher.fakeHash(of: "password"))]
        )
    }

    @Test func everySignInGetsAFreshTokenAndItsOwnSession() async throws {
        let world = UseCaseWorld()
        try await world.addUser()

        let first = try await world.signIn().get()
        let second = try await world.signIn().get()

        #expect(first.token != second.token)
        #expect(first.token.hash != second.token.hash)
        #expect(try await world.isStored(first.token))
        #expect(try await world.isStored(second.token))
    }

    @Test func aSuccessClearsTheEmailsEarlierFailures() async throws {
        let world = UseCaseWorld()
        try await world.addUser()
        for attempt in 0..<4 {
            _ = try await world.signIn(password: "wrong", at: referenceTime + minutes(Double(attempt)))
        }
        #expect(try await world.failures.failureCount(.email("johnny@gmail.com"), since: .distantPast) == 4)

        _ = try await world.signIn(password: "password", at: referenceTime + minutes(5)).get()

        #expect(try await world.failures.failureCount(.email("johnny@gmail.com"), since: .distantPast) == 0)
        #expect(try await world.failures.lastFailure(.email("johnny@gmail.com")) == nil)
    }

    @Test func aWrongPasswordFailsStartsNoSessionAndIsRecorded() async throws {
        let world = UseCaseWorld()
        try await world.addUser()

        let result = try await world.signIn(email: "Johnny@Gmail.com", password: "Password", at: referenceTime)

        #expect(result.failure == .failed)
        #expect(try await world.failures.failureCount(.email("johnny@gmail.com"), since: .distantPast) == 1)
        #expect(try await world.failures.lastFailure(.email("johnny@gmail.com")) == referenceTime)
    }

    @Test func anUnknownEmailFailsAfterVerifyingAgainstTheStandInHash() async throws {
        let world = UseCaseWorld()
        try await world.addUser(email: "johnny@gmail.com")

        let result = try await world.signIn(email: "nobody@koober.com", password: "password")

        #expect(result.failure == .failed)
        #expect(await world.hasher.verifications == [.init(password: "password", hash: world.standInHash)])
        #expect(try await world.failures.failureCount(.email("nobody@koober.com"), since: .distantPast) == 1)
    }

    @Test func anUnknownEmailFailsEvenWithThePasswordOfTheStandInHash() async throws {
        let world = UseCaseWorld()

        let result = try await world.signIn(email: "nobody@koober.com", password: "stand-in: nobody's password")

        #expect(await world.hasher.verifications.count == 1)
        #expect(result.failure == .failed)
    }

    @Test(arguments: ["", "   ", "\n"])
    func anEmptyEmailFailsAfterTheSameWorkAndRecordsNoFailure(email: String) async throws {
        let world = UseCaseWorld()
        try await world.addUser()

        let result = try await world.signIn(email: email, password: "password")

        #expect(result.failure == .failed)
        #expect(await world.hasher.verifications == [.init(password: "password", hash: world.standInHash)])
        #expect(try await world.failures.lastFailure(.email("")) == nil)
        #expect(try await world.failures.failureCount(.email(email), since: .distantPast) == 0)
    }

    @Test func anEmptyPasswordFailsAndIsRecordedEvenIfTheStoredHashWouldMatchIt() async throws {
        let world = UseCaseWorld()
        try await world.addUser(password: "")

        let result = try await world.signIn(password: "")

        #expect(await world.hasher.verifications.count == 1)
        #expect(result.failure == .failed)
        #expect(try await world.failures.failureCount(.email("johnny@gmail.com"), since: .distantPast) == 1)
    }

    @Test func aFailedSignInStartsNoSessionWhereASuccessfulOneStartsOne() async throws {
        let world = UseCaseWorld()
        try await world.addUser()

        _ = try await world.signIn(password: "wrong")
        #expect(try await world.allSessionsRemoved() == 0)

        _ = try await world.signIn(password: "password")
        #expect(try await world.allSessionsRemoved() == 1)
    }

    @Test func failuresOlderThanHalfAnHourAreForgottenWhenAnotherFailureIsRecorded() async throws {
        let world = UseCaseWorld()
        _ = try await world.signIn(email: "old@koober.com", password: "wrong", at: referenceTime)

        _ = try await world.signIn(
            email: "new@koober.com", password: "wrong", at: referenceTime + minutes(30) + seconds(1))

        #expect(try await world.failures.lastFailure(.email("old@koober.com")) == nil)
        #expect(try await world.failures.lastFailure(.email("new@koober.com")) != nil)
    }
}
