import Foundation
import KooberKit
import Testing

/// Starting a session (sign-in or sign-up) purges the expired ones.
struct SessionStarterTests {
    @Test func signingInDeletesSessionsIdleForSevenDays() async throws {
        let world = UseCaseWorld()
        try await world.addUser()
        let old = try await world.signIn(at: referenceTime).get()

        _ = try await world.signIn(at: referenceTime + days(7) + seconds(1)).get()

        #expect(try await !world.isStored(old.token))
    }

    @Test func signingInKeepsSessionsUsedWithinSevenDays() async throws {
        let world = UseCaseWorld()
        try await world.addUser()
        let recent = try await world.signIn(at: referenceTime).get()

        _ = try await world.signIn(at: referenceTime + days(7) - seconds(1)).get()

        #expect(try await world.isStored(recent.token))
    }

    @Test func signingInDeletesSessionsStartedThirtyDaysAgoEvenIfUsedSince() async throws {
        let world = UseCaseWorld()
        try await world.addUser()
        let old = try await world.signIn(at: referenceTime).get()
        try await world.sessions.touch(tokenHash: old.token.hash, now: referenceTime + days(29))

        _ = try await world.signIn(at: referenceTime + days(30) + seconds(1)).get()

        #expect(try await !world.isStored(old.token))
    }

    @Test func signingUpDeletesExpiredSessionsOfOtherUsers() async throws {
        let world = UseCaseWorld()
        try await world.addUser(email: "johnny@gmail.com")
        let johnnys = try await world.signIn(at: referenceTime).get()

        _ = try await world.signUp(makeAccount(email: "joey@koober.com"), at: referenceTime + days(8)).get()

        #expect(try await !world.isStored(johnnys.token))
    }
}
