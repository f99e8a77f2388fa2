import Foundation
import KooberKit
import Testing

/// A Koober Ops session's two ends (SPEC.md): 30 minutes idle, 12 hours in all; and its tokens.
struct StaffSessionPolicyTests {
    private let policy = StaffSessionPolicy()
    private let start = Date(timeIntervalSince1970: 1_700_000_000)
    private let member = StaffMember(
        id: StaffID(1), email: "ana@koober.example", name: "Ana Lima", role: .admin, isEnrolled: true,
        lastSignInAt: nil)

    private func session(lastSeenAt: Date) -> StaffSession {
        StaffSession(tokenHash: StaffTokenHash(hex: "00"), member: member, createdAt: start, lastSeenAt: lastSeenAt)
    }

    @Test func lifetimesAreThirtyMinutesIdleAndTwelveHoursInAll() {
        #expect(policy.idleLifetime == .seconds(30 * 60))
        #expect(policy.absoluteLifetime == .seconds(12 * 60 * 60))
        #expect(StaffEnrolmentPolicy().lifetime == .seconds(24 * 60 * 60))
    }

    @Test func aSessionEndsAtThirtyMinutesIdle() {
        #expect(!policy.isExpired(session(lastSeenAt: start), now: start + 1_799))
        #expect(policy.isExpired(session(lastSeenAt: start), now: start + 1_800))
    }

    @Test func aSessionEndsAtTwelveHoursHoweverRecentlyUsed() {
        let busy = session(lastSeenAt: start + 43_000)
        #expect(!policy.isExpired(busy, now: start + 43_199))
        #expect(policy.isExpired(busy, now: start + 43_200))
    }

    @Test func tokensAre256BitsStoredAsTheirSHA256AndNeverOfTheOtherKind() throws {
        let token = StaffSessionToken.generate()
        #expect(token.value.utf8.count == 43 && token != StaffSessionToken.generate())
        #expect(StaffSessionToken(wellFormed: token.value) == token)
        #expect(StaffSessionToken(wellFormed: token.value + "A") == nil)
        #expect(StaffSessionToken(wellFormed: "not a token") == nil)
        // The same SHA-256 as a rider's session id of the same text.
        #expect(token.hash.hex == SessionToken(value: token.value).hash.hex)
        let enrolment = try #require(StaffEnrolmentToken(wellFormed: token.value))
        #expect(enrolment.hash == token.hash)
    }
}
