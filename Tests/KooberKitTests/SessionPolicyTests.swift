import Foundation
import KooberKit
import Testing

struct SessionPolicyTests {
    private let policy = SessionPolicy()
    private let profile = UserProfile(
        id: UserID(1), name: "Johnny Appleseed", nickname: "Johnny", email: "johnny@gmail.com",
        mobileNumber: "510-736-8754"
    )

    private func session(createdAt: Date, lastSeenAt: Date) -> UserSession {
        UserSession(
            tokenHash: SessionTokenHash(hex: "00"), profile: profile, createdAt: createdAt, lastSeenAt: lastSeenAt)
    }

    @Test func lifetimesAreSevenDaysIdleThirtyDaysInAllAndTouchesFiveMinutesApart() {
        #expect(policy.idleLifetime == .seconds(7 * 24 * 60 * 60))
        #expect(policy.absoluteLifetime == .seconds(30 * 24 * 60 * 60))
        #expect(policy.touchInterval == .seconds(5 * 60))
    }

    @Test func aSessionUsedJustUnderSevenDaysAgoIsAlive() {
        let session = session(createdAt: referenceTime, lastSeenAt: referenceTime)
        #expect(!policy.isExpired(session, now: referenceTime + days(7) - seconds(1)))
    }

    @Test func aSessionIdleForSevenDaysHasExpired() {
        let session = session(createdAt: referenceTime, lastSeenAt: referenceTime)
        #expect(policy.isExpired(session, now: referenceTime + days(7)))
        #expect(policy.isExpired(session, now: referenceTime + days(8)))
    }

    @Test func aSessionInUseExpiresThirtyDaysAfterItStarted() {
        let startedAt = referenceTime
        let lastSeenAt = referenceTime + days(30) - minutes(1)
        let session = session(createdAt: startedAt, lastSeenAt: lastSeenAt)
        #expect(!policy.isExpired(session, now: startedAt + days(30) - seconds(1)))
        #expect(policy.isExpired(session, now: startedAt + days(30)))
    }

    @Test func aSessionSeenUnderFiveMinutesAgoNeedsNoTouch() {
        let session = session(createdAt: referenceTime, lastSeenAt: referenceTime)
        #expect(!policy.needsTouch(session, now: referenceTime))
        #expect(!policy.needsTouch(session, now: referenceTime + minutes(5) - seconds(1)))
    }

    @Test func aSessionSeenFiveMinutesAgoOrMoreNeedsATouch() {
        let session = session(createdAt: referenceTime, lastSeenAt: referenceTime)
        #expect(policy.needsTouch(session, now: referenceTime + minutes(5)))
        #expect(policy.needsTouch(session, now: referenceTime + days(1)))
    }

    @Test func cutoffsAreTheLifetimesBeforeNow() {
        #expect(policy.idleCutoff(now: referenceTime) == referenceTime - days(7))
        #expect(policy.absoluteCutoff(now: referenceTime) == referenceTime - days(30))
    }

    @Test func changedLifetimesAreHonoured() {
        var policy = SessionPolicy()
        policy.idleLifetime = .seconds(60)
        policy.absoluteLifetime = .seconds(120)
        let session = session(createdAt: referenceTime, lastSeenAt: referenceTime + seconds(90))
        #expect(!policy.isExpired(session, now: referenceTime + seconds(119)))
        #expect(policy.isExpired(session, now: referenceTime + seconds(120)))
        #expect(policy.idleCutoff(now: referenceTime) == referenceTime - seconds(60))
    }
}
