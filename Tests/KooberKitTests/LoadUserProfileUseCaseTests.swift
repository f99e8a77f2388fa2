import KooberKit
import Testing

struct LoadUserProfileUseCaseTests {
    @Test func theSignedInUsersProfileIsLoaded() async throws {
        let world = UseCaseWorld()
        let started = try await world.signUp(makeAccount(name: "Joey Roo", nickname: "Joey", email: "joey@koober.com"))
            .get()

        let profile = try await LoadUserProfileUseCase(userID: started.profile.id, userRepository: world.users).run()

        #expect(profile.name == "Joey Roo")
        #expect(profile.nickname == "Joey")
        #expect(profile.email == "joey@koober.com")
        #expect(profile.mobileNumber == "510-736-8754")
    }

    @Test func eachUserGetsTheirOwnProfile() async throws {
        let world = UseCaseWorld()
        let johnny = try await world.addUser(email: "johnny@gmail.com")
        let joey = try await world.addUser(email: "joey@koober.com")

        let loaded = try await LoadUserProfileUseCase(userID: joey.id, userRepository: world.users).run()

        #expect(loaded == joey)
        #expect(loaded != johnny)
    }

    @Test func aMissingUserIsAProfileNotFoundError() async throws {
        let world = UseCaseWorld()

        let result = try await outcome(LoadUserProfileError.self) {
            try await LoadUserProfileUseCase(userID: UserID(42), userRepository: world.users).run()
        }

        #expect(result.failure == .accountGone)
    }
}
