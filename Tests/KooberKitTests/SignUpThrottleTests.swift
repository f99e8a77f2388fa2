import Foundation
import KooberKitTestDoubles
import Testing

@testable import KooberKit

@Suite struct SignUpThrottleTests {
    @Test func addressesAreForgottenAnHourAfterTheirLastSignUp() async {
        let throttle = SignUpThrottle()
        for address in 0..<2_000 {
            _ = await throttle.reserve(for: "10.0.\(address / 256).\(address % 256)", at: referenceTime)
        }
        #expect(await throttle.rememberedAddresses == 2_000)
        for address in 0..<4_000 {
            _ = await throttle.reserve(for: "192.0.\(address / 256).\(address % 256)", at: referenceTime + minutes(61))
        }
        // The first addresses' hour has passed: a sweep, once the addresses doubled, forgot them all.
        #expect(await throttle.rememberedAddresses == 4_000)
    }

    /// Issue 41: a table a client can grow has a bound. A flood of addresses stops at it; a refused sign-up records
    /// nothing; an address already held keeps its places; the hour's end makes room.
    @Test func aFloodOfAddressesStopsAtTheBoundAndRefusalsRecordNothing() async {
        let throttle = SignUpThrottle(maximumAddresses: 500)
        var reserved = 0
        for address in 0..<3_000 where await throttle.reserve(for: "2001:db8::\(address)", at: referenceTime) {
            reserved += 1
        }
        #expect(reserved == 500)
        #expect(await throttle.rememberedAddresses == 500)
        #expect(await throttle.reserve(for: "2001:db8::1", at: referenceTime + 1))
        #expect(await !throttle.reserve(for: "192.0.2.1", at: referenceTime + 1))
        #expect(await throttle.rememberedAddresses == 500)
        #expect(await throttle.reserve(for: "192.0.2.1", at: referenceTime + minutes(61)))
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
