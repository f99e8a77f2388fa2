import KooberKitTestDoubles
import TestKit
import Testing

@testable import KooberKit

@Suite struct BoundedPasswordHasherTests {
    @Test func beyondItsCapacityHashingFailsAtOnceAsBusyWithoutReachingTheHasher() async throws {
        let gated = GatedPasswordHasher()
        let bounded = BoundedPasswordHasher(gated, capacity: 2)
        let hash = FakePasswordHasher.fakeHash(of: "password")
        let held = (0..<2).map { _ in Task { try await bounded.verify("password", against: hash) } }
        await gated.verifying(atLeast: 2)
        #expect(bounded.depth == 2)

        await #expect(throws: PasswordHasherError.busy) { try await bounded.verify("password", against: hash) }
        await #expect(throws: PasswordHasherError.busy) { try await bounded.hash("password") }
        #expect(await gated.verifyCount == 2)
        #expect(bounded.shedCount == 2)

        await gated.open()
        for task in held { #expect(try await task.value) }
        #expect(bounded.depth == 0)
        #expect(try await bounded.verify("password", against: hash))
        #expect(try await bounded.hash("password") == hash)
        #expect(bounded.shedCount == 2)
    }

    @Test func aFailedHashGivesItsPlaceBack() async throws {
        let bounded = BoundedPasswordHasher(ThrowingPasswordHasher(), capacity: 1)
        for _ in 0..<3 {
            await #expect(throws: ThrowingPasswordHasher.Failure.self) { try await bounded.hash("password") }
        }
        #expect(bounded.depth == 0)
        #expect(bounded.shedCount == 0)
    }

    @Test func theDefaultCapacityIsFourPerCore() {
        #expect(BoundedPasswordHasher.defaultCapacity(cores: 2) == 8)
        #expect(BoundedPasswordHasher.defaultCapacity(cores: 0) == 4)
    }

    @Test func theStandInHashIsTheWrappedHashers() {
        #expect(BoundedPasswordHasher(FakePasswordHasher(), capacity: 1).standInHash() == FakePasswordHasher.standIn)
    }
}
