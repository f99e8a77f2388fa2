import Foundation
import KooberKitTestDoubles
import Testing

@testable import KooberKit

@Suite struct SignUpThrottleTests {
    @Test func addressesAreForgottenAnHourAfterTheirLastSignUp() async {
        let throttle = SignUpThrottle()
        for address in 0..<100 { _ = await throttle.reserve(for: "10.0.0.\(address)", at: referenceTime) }
        #expect(await throttle.rememberedAddresses == 100)
        _ = await throttle.reserve(for: "192.0.2.1", at: referenceTime + minutes(61))
        #expect(await throttle.rememberedAddresses == 1)
    }

    @Test func aThrottledSignUpIsNotHashedOrStored() async throws {
        let world = UseCaseWorld()
        for index in 1...10 {
            _ = try await world.signUp(makeAccount(email: "roo\(index)@koober.com"))
        }
        let result = try await world.signUp(makeAccount(email: "roo11@koober.com"))
        #expect(result.failure == SignUpError.throttled)
        #expect(await world.hasher.hashedPasswords.count == 10)
        #expect(try await world.users.credentials(forEmail: "roo11@koober.com") == nil)
        #expect(try await world.signUp(makeAccount(email: "roo11@koober.com"), from: "192.0.2.2").failure == nil)
    }

    @Test func aSignUpRefusedAsBusyGivesItsPlaceBack() async throws {
        var policy = SignUpThrottle.Policy()
        policy.maximumAccounts = 1
        let throttle = SignUpThrottle(policy: policy)
        let users = InMemoryUserRepository()
        await #expect(throws: PasswordHasherError.busy) {
            try await SignUpUseCase(
                account: makeAccount(),
                clientAddress: "192.0.2.1",
                now: referenceTime,
                userRepository: users,
                sessionRepository: InMemoryUserSessionRepository(users: users),
                passwordHasher: ThrowingPasswordHasher(error: PasswordHasherError.busy),
                sessionPolicy: SessionPolicy(),
                signUpThrottle: throttle
            ).run()
        }
        #expect(await throttle.reserve(for: "192.0.2.1", at: referenceTime))
    }
}
