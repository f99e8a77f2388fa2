import Foundation
import KooberKit
import Testing

/// What every `RiderAccountRepository` promises, checked on each store: riders found by email and ride, looked at with
/// the look's audit row, locked and unlocked each in one step with its row (and, refused, with none), a lock that ends
/// every session and that no sign-in, in flight or after, outlives.
struct RiderAccountRepositoryContractTests {
    @Test(arguments: RepositoryKind.allCases)
    func ridersAreFoundByTheirExactEmailAndByARideOfTheirs(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let rider = try await repositories.users.create(newUser())
            let ride = try await repositories.rides.requestRide(newRideRequest(userID: rider.id))
            #expect(try await repositories.riderAccounts.rider(email: " Johnny@Gmail.com ") == rider)
            #expect(try await repositories.riderAccounts.rider(email: "johnny@gmail.co") == nil)
            #expect(try await repositories.riderAccounts.rider(rideID: ride.id) == rider)
            #expect(try await repositories.riderAccounts.rider(rideID: RideID(ride.id.rawValue + 1)) == nil)
            #expect(try await repositories.auditRows().isEmpty, "finding is not looking")
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func aLookReadsTheAccountAndItsReportsAndWritesItsRowOnlyForARider(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let rider = try await repositories.users.create(newUser())
            let ride = try await repositories.rides.requestRide(newRideRequest(userID: rider.id))
            let report = ProblemReport(category: .lostItem, text: "My umbrella", reportedAt: referenceTime + 60)
            _ = try await repositories.rides.apply(try #require(RideChange.cancel(ride, at: referenceTime + 30)))
            #expect(try await repositories.rideFeedback.report(rideID: ride.id, report))

            let look = auditEntry(.rider(rider.id))
            let account = try #require(try await repositories.riderAccounts.lookAt(userID: rider.id, audit: look))
            #expect(account.profile == rider && account.lock == nil)
            #expect(account.reports == [RiderReport(rideID: ride.id, report: report)])
            #expect(try await repositories.auditRows() == [look])

            let nobody = UserID(rider.id.rawValue + 1)
            #expect(
                try await repositories.riderAccounts.lookAt(userID: nobody, audit: auditEntry(.rider(nobody))) == nil)
            #expect(try await repositories.auditRows() == [look], "no rider, no row")
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func aLockEndsEverySessionRefusesNewOnesAndWritesItsRowInTheSameStep(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let rider = try await repositories.users.create(newUser())
            let other = try await repositories.users.create(newUser(email: "jane@gmail.com"))
            let web = SessionToken.generate()
            let api = SessionToken.generate()
            let others = SessionToken.generate()
            try await repositories.sessions.create(tokenHash: web.hash, userID: rider.id, now: referenceTime)
            try await repositories.sessions.create(
                tokenHash: api.hash, userID: rider.id, kind: .api, now: referenceTime)
            try await repositories.sessions.create(tokenHash: others.hash, userID: other.id, now: referenceTime)

            let lock = auditEntry(.rider(rider.id), .lockedAccount, reason: "Abuse", at: referenceTime + 10)
            #expect(try await repositories.riderAccounts.lock(userID: rider.id, reason: "Abuse", audit: lock) == 2)

            #expect(try await repositories.sessions.session(tokenHash: web.hash) == nil)
            #expect(try await repositories.sessions.session(tokenHash: api.hash) == nil)
            #expect(try await repositories.sessions.session(tokenHash: others.hash) != nil)
            let credentials = try #require(try await repositories.users.credentials(forEmail: rider.email))
            #expect(credentials.isLocked)
            #expect(try await repositories.users.credentials(forEmail: other.email)?.isLocked == false)
            for version in [nil, credentials.credentialVersion] {
                await #expect(throws: UserSessionRepositoryError.accountLocked) {
                    try await repositories.sessions.create(
                        tokenHash: SessionToken.generate().hash, userID: rider.id, kind: .web, now: referenceTime,
                        credentialVersion: version)
                }
            }
            #expect(try await repositories.auditRows() == [lock])
            let look = auditEntry(.rider(rider.id), at: referenceTime + 20)
            let account = try await repositories.riderAccounts.lookAt(userID: rider.id, audit: look)
            #expect(account?.lock == AccountLock(lockedAt: referenceTime + 10, reason: "Abuse"))
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func aLockCancelsTheRidersUpcomingBookings(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let rider = try await repositories.users.create(newUser())
            let booked = try await repositories.scheduledRides.book(
                ScheduledRideRepositoryContractTests.booking(rider.id))
            try await repositories.riderAccounts.lock(
                userID: rider.id, reason: "Abuse", audit: auditEntry(.rider(rider.id), .lockedAccount, reason: "Abuse"))
            #expect(try await repositories.scheduledRides.upcoming(userID: rider.id).isEmpty)
            #expect(try await repositories.scheduledRides.scheduledRide(id: booked.id)?.status == .cancelled)
        }
    }

    /// A request or booking whose session was checked before a lock, and stored after it, is refused in its own
    /// transaction: nothing is requested or booked for a locked account until it is unlocked.
    @Test(arguments: RepositoryKind.allCases)
    func aLockedAccountGetsNoRideNorBookingUntilUnlocked(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let rider = try await repositories.users.create(newUser())
            try await repositories.riderAccounts.lock(
                userID: rider.id, reason: "Abuse", audit: auditEntry(.rider(rider.id), .lockedAccount, reason: "Abuse"))
            await #expect(throws: RideRepositoryError.accountLocked) {
                try await repositories.rides.requestRide(newRideRequest(userID: rider.id))
            }
            await #expect(throws: RideRepositoryError.accountLocked) {
                try await repositories.scheduledRides.book(ScheduledRideRepositoryContractTests.booking(rider.id))
            }
            #expect(try await repositories.rides.rides(userID: rider.id, before: nil, limit: 10).isEmpty)
            #expect(try await repositories.scheduledRides.upcoming(userID: rider.id).isEmpty)

            try await repositories.riderAccounts.unlock(
                userID: rider.id, audit: auditEntry(.rider(rider.id), .unlockedAccount, at: referenceTime + 60))
            _ = try await repositories.rides.requestRide(newRideRequest(userID: rider.id))
            _ = try await repositories.scheduledRides.book(ScheduledRideRepositoryContractTests.booking(rider.id))
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func refusedLocksAndUnlocksChangeNothingAndWriteNoRow(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let accounts = repositories.riderAccounts
            let rider = try await repositories.users.create(newUser())
            let nobody = UserID(rider.id.rawValue + 1)
            await #expect(throws: RiderAccountRepositoryError.noSuchRider) {
                try await accounts.lock(userID: nobody, reason: "x", audit: auditEntry(.rider(nobody), .lockedAccount))
            }
            await #expect(throws: RiderAccountRepositoryError.noSuchRider) {
                try await accounts.unlock(userID: nobody, audit: auditEntry(.rider(nobody), .unlockedAccount))
            }
            await #expect(throws: RiderAccountRepositoryError.notLocked) {
                try await accounts.unlock(userID: rider.id, audit: auditEntry(.rider(rider.id), .unlockedAccount))
            }
            #expect(try await repositories.auditRows().isEmpty)

            let lock = auditEntry(.rider(rider.id), .lockedAccount, reason: "first")
            try await accounts.lock(userID: rider.id, reason: "first", audit: lock)
            await #expect(throws: RiderAccountRepositoryError.alreadyLocked) {
                try await accounts.lock(
                    userID: rider.id, reason: "second", audit: auditEntry(.rider(rider.id), .lockedAccount))
            }
            #expect(try await repositories.auditRows() == [lock])
            let account = try await accounts.lookAt(userID: rider.id, audit: auditEntry(.rider(rider.id)))
            #expect(account?.lock?.reason == "first")
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func anUnlockLetsTheRiderSignInAgainAndWritesItsRow(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let rider = try await repositories.users.create(newUser())
            let lock = auditEntry(.rider(rider.id), .lockedAccount, reason: "Abuse")
            let unlock = auditEntry(.rider(rider.id), .unlockedAccount, at: referenceTime + 60)
            try await repositories.riderAccounts.lock(userID: rider.id, reason: "Abuse", audit: lock)
            try await repositories.riderAccounts.unlock(userID: rider.id, audit: unlock)

            let credentials = try #require(try await repositories.users.credentials(forEmail: rider.email))
            #expect(!credentials.isLocked)
            let token = SessionToken.generate()
            try await repositories.sessions.create(
                tokenHash: token.hash, userID: rider.id, kind: .web, now: referenceTime + 60,
                credentialVersion: credentials.credentialVersion)
            #expect(try await repositories.sessions.session(tokenHash: token.hash)?.profile == rider)
            #expect(try await repositories.auditRows() == [unlock, lock])
        }
    }

    /// SPEC.md, "Ending access is final", for a lock: sign-ins that read the credentials before the lock and store
    /// their sessions around it, and sign-ins that start after it, leave no session once the lock has committed.
    @Test(arguments: RepositoryKind.allCases)
    func noSignInRacingALockLeavesASessionAfterIt(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let rider = try await repositories.users.create(newUser())
            let version = try #require(try await repositories.users.credentials(forEmail: rider.email))
                .credentialVersion
            let tokens = (0..<40).map { _ in SessionToken.generate() }
            let lock = auditEntry(.rider(rider.id), .lockedAccount, reason: "Abuse")
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (index, token) in tokens.enumerated() {
                    if index == tokens.count / 2 {
                        // The lock asks in the middle: creations ask for the store before it, around it and after it.
                        group.addTask {
                            try await repositories.riderAccounts.lock(userID: rider.id, reason: "Abuse", audit: lock)
                        }
                    }
                    group.addTask {
                        // Half were checked before the lock (its version), half read the credentials as they start.
                        var checked: Int64? = version
                        if !index.isMultiple(of: 2) {
                            checked = try await repositories.users.credentials(forEmail: rider.email)?.credentialVersion
                        }
                        do {
                            try await repositories.sessions.create(
                                tokenHash: token.hash, userID: rider.id, kind: .web, now: referenceTime,
                                credentialVersion: checked)
                        } catch UserSessionRepositoryError.accessChanged, UserSessionRepositoryError.accountLocked {
                            // Refused: the lock came first.
                        }
                    }
                }
                try await group.waitForAll()
            }
            for token in tokens {
                #expect(try await repositories.sessions.session(tokenHash: token.hash) == nil)
            }
            #expect(try await repositories.auditRows() == [lock])
            await #expect(throws: UserSessionRepositoryError.accountLocked) {
                try await repositories.sessions.create(
                    tokenHash: SessionToken.generate().hash, userID: rider.id, kind: .api, now: referenceTime,
                    credentialVersion: nil)
            }
        }
    }
}
