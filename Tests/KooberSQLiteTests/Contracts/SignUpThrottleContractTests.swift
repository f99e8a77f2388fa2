import Foundation
import KooberKit
import Testing

/// SPEC.md: sign-up is throttled per client address, 10 an hour; the same with every store.
@Suite struct SignUpThrottleContractTests {
    private func expectAdmitted(_ throttle: any SignUpThrottling, _ address: String, at time: Date) async throws {
        let admitted = try await throttle.reserve(for: address, at: time)
        #expect(admitted, "a sign-up from \(address) at \(time) should have had a place")
    }

    private func expectRefused(_ throttle: any SignUpThrottling, _ address: String, at time: Date) async throws {
        let admitted = try await throttle.reserve(for: address, at: time)
        #expect(!admitted, "a sign-up from \(address) at \(time) should have been refused")
    }

    @Test(arguments: RepositoryKind.allCases)
    func anAddressGetsTenSignUpsAnHourAndOthersAreNotAffected(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { stores in
            let throttle = stores.signUpThrottle
            for minute in 0..<10 {
                try await expectAdmitted(throttle, "192.0.2.1", at: referenceTime + Double(minute * 60))
            }
            try await expectRefused(throttle, "192.0.2.1", at: referenceTime + 30 * 60)
            try await expectAdmitted(throttle, "192.0.2.2", at: referenceTime + 30 * 60)
            // Just over an hour after the first, one place is free again.
            try await expectAdmitted(throttle, "192.0.2.1", at: referenceTime + 60 * 60 + 1)
            try await expectRefused(throttle, "192.0.2.1", at: referenceTime + 60 * 60 + 1)
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func aPlaceGivenBackCanBeTakenAgain(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { stores in
            let throttle = stores.signUpThrottle
            for second in 0..<10 {
                try await expectAdmitted(throttle, "192.0.2.1", at: referenceTime + Double(second))
            }
            try await throttle.giveBack(for: "192.0.2.1", at: referenceTime + 4)
            try await expectAdmitted(throttle, "192.0.2.1", at: referenceTime + 20)
            try await expectRefused(throttle, "192.0.2.1", at: referenceTime + 21)
        }
    }

    /// Thirty sign-ups from one address at the same moment: exactly ten get a place.
    @Test(arguments: RepositoryKind.allCases)
    func simultaneousSignUpsFromOneAddressCannotAllFit(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { stores in
            let throttle = stores.signUpThrottle
            let admitted = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<30 {
                    group.addTask { try await throttle.reserve(for: "192.0.2.1", at: referenceTime) ? 1 : 0 }
                }
                return try await group.reduce(0, +)
            }
            #expect(admitted == 10)
        }
    }
}
