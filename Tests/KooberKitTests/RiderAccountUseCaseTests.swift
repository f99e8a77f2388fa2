import Foundation
import KooberKit
import KooberKitTestDoubles
import TestKit
import Testing

/// Koober Ops' riders (SPEC.md, "Koober Ops", **Riders**) on the in-memory store and a virtual clock: found, looked at,
/// locked and unlocked by the members whose role may, each act with its audit row, and no row for an act refused.
@Suite struct RiderAccountUseCaseTests {
    let stores = StoreServices.inMemory()
    let clock = TestClock(referenceTime)
    let sessionSignal = SessionEndSignalSpy()
    let rideSignal = RideChangeSignalSpy()
    let support = StaffMember(
        id: StaffID(7), email: "ana@koober.example", name: "Ana Lima", role: .support, isEnrolled: true,
        lastSignInAt: referenceTime)

    @discardableResult
    func addRider(email: String = "zoe@example.com") async throws -> UserProfile {
        try await stores.users.create(
            NewUser(
                name: "Zoë Example", nickname: "Zoë", email: email, mobileNumber: "0400 000 000",
                passwordHash: FakePasswordHasher.fakeHash(of: "password")))
    }

    func requestRide(for userID: UserID) async throws -> Ride {
        try await stores.rides.requestRide(
            NewRideRequest(
                userID: userID, pickup: SydneyLocator.sydney, dropoffID: PlaceID(1), rideOptionID: "wallaroo",
                fareCents: 1_234, requestedAt: clock.now))
    }

    func signIn(
        email: String = "zoe@example.com", password: String = "password", policy: SessionPolicy = SessionPolicy()
    ) async throws -> Result<StartedSession, SignInError> {
        try await outcome(SignInError.self) {
            try await SignInUseCase(
                email: email, password: password, clientAddress: "192.0.2.1", now: clock.now,
                userRepository: stores.users, sessionRepository: stores.sessions,
                passwordThrottle: PasswordThrottle(
                    failureRepository: stores.signInFailures, passwordHasher: FakePasswordHasher(),
                    standInHash: FakePasswordHasher.fakeHash(of: "stand-in"), policy: SignInThrottlePolicy(),
                    attemptGate: SignInAttemptGate()),
                sessionPolicy: policy
            ).run()
        }
    }

    func lock(_ userID: UserID, reason: String = "Abusive to an animal", by member: StaffMember? = nil) async throws
        -> Result<RiderLock, RiderAccountError>
    {
        try await outcome(RiderAccountError.self) {
            try await LockRiderAccountUseCase(
                userID: userID, reason: reason, member: member ?? support, now: clock.now,
                riderAccounts: stores.riderAccounts, rides: stores.rides, rideSignal: rideSignal,
                sessionSignal: sessionSignal
            ).run()
        }
    }

    func unlock(_ userID: UserID, by member: StaffMember? = nil) async throws -> Result<Void, RiderAccountError> {
        try await outcome(RiderAccountError.self) {
            try await UnlockRiderAccountUseCase(
                userID: userID, member: member ?? support, now: clock.now, riderAccounts: stores.riderAccounts
            ).run()
        }
    }

    func look(_ userID: UserID, by member: StaffMember? = nil) async throws -> Result<RiderPage, RiderAccountError> {
        try await outcome(RiderAccountError.self) {
            try await LookAtRiderUseCase(
                userID: userID, member: member ?? support, now: clock.now, riderAccounts: stores.riderAccounts,
                rides: stores.rides
            ).run()
        }
    }

    func find(_ query: String, by member: StaffMember? = nil) async throws -> UserProfile? {
        try await FindRiderUseCase(query: query, member: member ?? support, riderAccounts: stores.riderAccounts).run()
    }

    /// The whole audit log, newest first.
    func auditLog() async throws -> [AuditEntry] {
        try await stores.auditLog.entries(staff: nil, target: nil, before: nil, limit: 100).map(\.entry)
    }

    @Test func aLockEndsEverySessionAndTokenAndRefusesSignInOnThePagesAndTheAPI() async throws {
        let rider = try await addRider()
        let page = try await signIn().get()
        let app = try await signIn(policy: .api).get()
        clock.advance(by: .seconds(90))

        let locked = try await lock(rider.id).get()
        #expect(locked.sessionsEnded == 2 && locked.cancelledRide == nil)
        #expect(try await stores.sessions.session(tokenHash: page.token.hash) == nil)
        #expect(try await stores.sessions.session(tokenHash: app.token.hash) == nil)
        #expect(sessionSignal.ended == [.allOf(rider.id)], "the rider's open streams end")

        #expect(try await signIn().failure == .accountLocked)
        #expect(try await signIn(policy: .api).failure == .accountLocked)
        #expect(
            try await auditLog() == [
                AuditEntry(
                    by: support, .lockedAccount, target: .rider(rider.id), reason: "Abusive to an animal",
                    at: referenceTime + 90)
            ])
    }

    @Test func theLockIsToldOnlyToWhoeverKnowsThePassword() async throws {
        let rider = try await addRider()
        _ = try await lock(rider.id)
        let wrong = try await signIn(email: rider.email, password: "not it")
        #expect(wrong.failure == .failed)
    }

    @Test func anUnlockLetsTheRiderSignInAgainAndBothActsAreLoggedNewestFirst() async throws {
        let rider = try await addRider()
        _ = try await lock(rider.id)
        clock.advance(by: .seconds(3_600))
        try await unlock(rider.id).get()
        #expect(try await signIn().get().profile == rider)
        #expect(
            try await auditLog().map { [$0.action.rawValue, "\($0.at.timeIntervalSince(referenceTime))"] } == [
                ["unlocked_account", "3600.0"], ["locked_account", "0.0"],
            ])
    }

    @Test func aLockCancelsTheRideInProgressFreeOfCharge() async throws {
        let rider = try await addRider()
        let ride = try await requestRide(for: rider.id)
        let signalsBefore = rideSignal.signals
        let locked = try await lock(rider.id).get()
        #expect(locked.cancelledRide?.id == ride.id && locked.cancelledRide?.status == .cancelled)
        #expect(try await stores.rides.ride(id: ride.id)?.status == .cancelled)
        #expect(rideSignal.signals > signalsBefore, "the dispatcher looks again")
    }

    @Test func refusedActsChangeNothingAndWriteNoRow() async throws {
        let rider = try await addRider()
        let nobody = UserID(rider.id.rawValue + 1)
        #expect(try await lock(nobody).failure == .noSuchRider)
        #expect(try await unlock(nobody).failure == .noSuchRider)
        #expect(try await unlock(rider.id).failure == .notLocked)
        #expect(try await look(nobody).failure == .noSuchRider)
        #expect(try await lock(rider.id, reason: "  \n ").failure == .reason(.missing))
        #expect(
            try await lock(rider.id, reason: String(repeating: "x", count: 501)).failure
                == .reason(.tooLong(AuditEntry.reasonLimit)))
        #expect(try await auditLog().isEmpty)
        #expect(try await signIn().get().profile == rider, "not locked")

        _ = try await lock(rider.id, reason: " Abuse ")
        #expect(try await lock(rider.id).failure == .alreadyLocked)
        #expect(try await auditLog().map(\.reason) == ["Abuse"], "the reason trimmed, one row")
    }

    @Test func aRoleWithoutRidersMayNotFindLookLockOrUnlockAndLeavesNoRow() async throws {
        let rider = try await addRider()
        let fleet = StaffMember(
            id: StaffID(8), email: "bea@koober.example", name: "Bea", role: .fleet, isEnrolled: true,
            lastSignInAt: nil)
        await #expect(throws: RiderAccountError.notAllowed) { _ = try await find(rider.email, by: fleet) }
        #expect(try await look(rider.id, by: fleet).failure == .notAllowed)
        #expect(try await lock(rider.id, by: fleet).failure == .notAllowed)
        #expect(try await unlock(rider.id, by: fleet).failure == .notAllowed)
        #expect(try await auditLog().isEmpty)
    }

    @Test func aLookShowsTheProfileRidesAndReportsAndIsLoggedWithTheMemberAsTheyAre() async throws {
        let rider = try await addRider()
        let ride = try await requestRide(for: rider.id)
        let report = ProblemReport(category: .fare, text: "Charged twice", reportedAt: clock.now)
        #expect(try await stores.rideFeedback.report(rideID: ride.id, report))
        clock.advance(by: .seconds(5))

        let page = try await look(rider.id).get()
        #expect(page.account.profile == rider && !page.account.isLocked)
        #expect(page.rides.map(\.id) == [ride.id])
        #expect(page.account.reports == [RiderReport(rideID: ride.id, report: report)])
        let row = try #require(try await auditLog().first)
        #expect(row.action == .lookedAtRider && row.target == .rider(rider.id) && row.reason == nil)
        #expect(row.staffID == support.id && row.staffEmail == support.email && row.staffRole == .support)
        #expect(row.at == referenceTime + 5)
    }

    @Test func ridersAreFoundByExactEmailOrRideIDAndNothingElse() async throws {
        let rider = try await addRider()
        let ride = try await requestRide(for: rider.id)
        #expect(try await find(" ZOE@example.com ") == rider)
        #expect(try await find("\(ride.id.rawValue)") == rider)
        for nothing in ["zoe", "zoe@example", "", "0", "-1", "1e3", "١", String(repeating: "9", count: 19)] {
            #expect(try await find(nothing) == nil, "\(nothing)")
        }
        #expect(try await auditLog().isEmpty, "finding is not looking")
    }

    @Test func aResetLinkSetsThePasswordOfALockedAccountButStartsNoSession() async throws {
        let rider = try await addRider()
        _ = try await lock(rider.id)
        try await RequestPasswordResetUseCase(
            email: rider.email, clientAddress: "192.0.2.1", now: clock.now, userRepository: stores.users,
            linkRepository: stores.accountLinks, quota: stores.requestQuota, policy: AccountLinkPolicy()
        ).run()
        let token = try #require(
            try await stores.outbox.claimDue(at: clock.now, limit: 10, leaseUntil: .distantFuture)
                .compactMap(\.mail.token).first)
        let reset = try await outcome(ResetPasswordError.self) {
            try await ResetPasswordUseCase(
                token: token, newPassword: "new password", now: clock.now, linkRepository: stores.accountLinks,
                sessionRepository: stores.sessions, passwordHasher: FakePasswordHasher(),
                sessionPolicy: SessionPolicy(), signal: sessionSignal
            ).run()
        }
        #expect(reset.failure == .accountLocked)
    }
}
