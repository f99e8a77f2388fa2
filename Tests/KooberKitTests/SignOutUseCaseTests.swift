import Foundation
import KooberKit
import KooberKitTestDoubles
import Testing

struct SignOutUseCaseTests {
    @Test func signingOutDeletesTheSessionSoItsTokenNoLongerResolves() async throws {
        let world = UseCaseWorld()
        try await world.addUser()
        let started = try await world.signIn(at: referenceTime).get()

        let ends = SessionEndSignalSpy()
        try await SignOutUseCase(tokenHash: started.token.hash, sessionRepository: world.sessions, signal: ends).run()

        #expect(ends.ended == [.session(started.token.hash)])
        #expect(try await !world.isStored(started.token))
        #expect(try await world.resolve(started.token, at: referenceTime + minutes(1)) == nil)
    }

    @Test func signingOutEndsOnlyThatSessionNotTheUsersOthers() async throws {
        let world = UseCaseWorld()
        try await world.addUser()
        let laptop = try await world.signIn().get()
        let phone = try await world.signIn().get()

        try await SignOutUseCase(
            tokenHash: laptop.token.hash, sessionRepository: world.sessions, signal: SessionEndSignalSpy()
        ).run()

        #expect(try await !world.isStored(laptop.token))
        #expect(try await world.isStored(phone.token))
    }

    @Test func signingOutASessionThatIsAlreadyGoneIsHarmless() async throws {
        let world = UseCaseWorld()
        try await world.addUser()
        let started = try await world.signIn().get()
        let signOut = SignOutUseCase(
            tokenHash: started.token.hash, sessionRepository: world.sessions, signal: SessionEndSignalSpy())

        try await signOut.run()
        try await signOut.run()

        #expect(try await !world.isStored(started.token))
    }
}
