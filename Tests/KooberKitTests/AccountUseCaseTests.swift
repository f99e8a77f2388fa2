import Foundation
import KooberKit
import KooberKitTestDoubles
import Testing

/// My Profile's account changes on in-memory stores with a fake hasher (issue 21).
struct AccountUseCaseTests {
    @Test func editProfileStoresTrimmedValuesAndRefusesWhatSignUpWouldRefuse() async throws {
        let world = UseCaseWorld()
        let user = try await world.addUser()
        func edit(_ name: String, _ nickname: String, _ mobile: String) async throws -> UserProfile {
            try await EditProfileUseCase(
                userID: user.id, name: name, nickname: nickname, mobileNumber: mobile, userRepository: world.users
            ).run()
        }
        let edited = try await edit("  Jon Appleseed ", "Jon", " 0400 000 000")
        #expect(edited.name == "Jon Appleseed" && edited.nickname == "Jon" && edited.mobileNumber == "0400 000 000")
        await #expect(throws: EditProfileError.invalid([.nickname: .missing])) {
            _ = try await edit("Jon", " ", "0400")
        }
        await #expect(throws: EditProfileError.invalid([.name: .tooLong(.name)])) {
            _ = try await edit(String(repeating: "a", count: 10_000), "J", "1")
        }
        #expect(try await world.users.profile(id: user.id) == edited)
    }

    @Test func changePasswordNeedsTheCurrentOneThenEndsEverySessionAndStartsOne() async throws {
        let world = UseCaseWorld()
        let user = try await world.addUser()
        let other = try await world.signIn().get()
        let ends = SessionEndSignalSpy()
        func change(_ current: String, _ new: String) async throws -> StartedSession {
            try await ChangePasswordUseCase(
                profile: user, currentPassword: current, newPassword: new, clientAddress: "192.0.2.1",
                now: referenceTime, userRepository: world.users, sessionRepository: world.sessions,
                passwordThrottle: world.passwordThrottle, sessionPolicy: SessionPolicy(), signal: ends
            ).run()
        }
        await #expect(throws: ChangePasswordError.invalid([.currentPassword: .notYourPassword])) {
            _ = try await change("wrong", "long enough")
        }
        await #expect(throws: ChangePasswordError.invalid([.newPassword: .tooShort(minimum: 8)])) {
            _ = try await change("password", "short")
        }
        #expect(try await world.isStored(other.token))
        #expect(ends.ended.isEmpty)

        let started = try await change("password", "long enough")
        #expect(ends.ended == [.allOf(user.id)])
        #expect(!(try await world.isStored(other.token)))
        #expect(try await world.isStored(started.token))
        #expect(try await world.signIn(password: "long enough").get().profile == user)
        #expect(try await world.signIn(password: "password").failure == .failed)
    }

    /// Koober Ops locks the account while Change Password is on its way (its session read before the lock): the
    /// password stays as it was and no session starts (it once reached the 500 page, starting a session the lock
    /// refused).
    @Test func changePasswordOnALockedAccountChangesNothingAndStartsNoSession() async throws {
        let world = UseCaseWorld()
        let user = try await world.addUser()
        try await world.users.lock(id: user.id, AccountLock(lockedAt: referenceTime, reason: "Fraud"))
        await #expect(throws: ChangePasswordError.accountLocked) {
            _ = try await ChangePasswordUseCase(
                profile: user, currentPassword: "password", newPassword: "long enough", clientAddress: "192.0.2.1",
                now: referenceTime, userRepository: world.users, sessionRepository: world.sessions,
                passwordThrottle: world.passwordThrottle, sessionPolicy: SessionPolicy(), signal: SessionEndSignalSpy()
            ).run()
        }
        let credentials = try #require(try await world.users.credentials(forEmail: user.email))
        #expect(credentials.passwordHash == FakePasswordHasher.fakeHash(of: "password"))
    }

    @Test func deleteAccountNeedsThePasswordThenRemovesTheRiderAndTheirSessions() async throws {
        let world = UseCaseWorld()
        let user = try await world.addUser()
        let session = try await world.signIn().get()
        let rides = InMemoryRideRepository(places: InMemoryPlaceRepository(places: []))
        let ends = SessionEndSignalSpy()
        func delete(_ password: String) async throws {
            try await DeleteAccountUseCase(
                profile: user, password: password, clientAddress: "192.0.2.1", now: referenceTime,
                userRepository: world.users, sessionRepository: world.sessions, rideRepository: rides,
                passwordThrottle: world.passwordThrottle, rideSignal: RideChangeSignalSpy(), sessionSignal: ends
            ).run()
        }
        await #expect(throws: DeleteAccountError.invalid(.notYourPassword)) { try await delete("wrong") }
        await #expect(throws: DeleteAccountError.invalid(.missing)) { try await delete("") }
        #expect(try await world.users.profile(id: user.id) != nil)
        #expect(ends.ended.isEmpty)

        try await delete("password")
        #expect(ends.ended == [.allOf(user.id)])
        #expect(try await world.users.profile(id: user.id) == nil)
        #expect(!(try await world.isStored(session.token)))
        #expect(try await world.addUser().id != user.id)  // the email is free again
    }

    @Test func signOutEverywhereEndsEverySessionOfTheRiderAndNoOneElses() async throws {
        let world = UseCaseWorld()
        let user = try await world.addUser()
        try await world.addUser(email: "skippy@koober.com")
        let first = try await world.signIn().get()
        let second = try await world.signIn().get()
        let skippys = try await world.signIn(email: "skippy@koober.com").get()
        let ends = SessionEndSignalSpy()
        try await SignOutEverywhereUseCase(userID: user.id, sessionRepository: world.sessions, signal: ends).run()
        #expect(ends.ended == [.allOf(user.id)])
        #expect(!(try await world.isStored(first.token)))
        #expect(!(try await world.isStored(second.token)))
        #expect(try await world.isStored(skippys.token))
    }
}
