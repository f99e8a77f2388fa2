import Foundation
import KooberKit
import Testing

/// What every store's outbox promises the sender (issue 31): a claimed message comes with its recipient and is leased,
/// settled messages leave, the oldest go first, and a receipt is queued with the change that finishes its ride, only
/// to a confirmed email; on each implementation, with times to the millisecond.
struct MailOutboxContractTests {
    @Test(arguments: RepositoryKind.allCases)
    func aClaimedMessageComesWithItsRecipientAndIsNotClaimedAgainBeforeItsLeaseEnds(kind: RepositoryKind)
        async throws
    {
        try await withRepositories(kind) { repositories in
            let johnny = try await repositories.users.create(newUser())
            let queuedAt = referenceTime + 0.25
            let link = newLink(.passwordReset, at: queuedAt)
            try await repositories.accountLinks.issue(link, for: johnny.id)
            let outbox = repositories.outbox
            #expect(try await outbox.claimDue(at: queuedAt - 0.001, limit: 10, leaseUntil: queuedAt + 60).isEmpty)

            let lease = queuedAt + 30.5
            let claimed = try await outbox.claimDue(at: queuedAt, limit: 10, leaseUntil: lease)
            let entry = try #require(claimed.first)
            #expect(claimed.count == 1)
            #expect(entry.mail == link.mail)
            #expect(entry.recipient == johnny)
            #expect(entry.queuedAt == queuedAt)
            #expect(entry.attempts == 1)

            #expect(try await outbox.claimDue(at: lease - 0.001, limit: 10, leaseUntil: lease + 60).isEmpty)
            #expect(try await outbox.nextAttemptTime() == lease)
            let again = try await outbox.claimDue(at: lease, limit: 10, leaseUntil: lease + 60)
            #expect(again.map(\.id) == [entry.id])
            #expect(again.first?.attempts == 2)
            #expect(again.first?.queuedAt == queuedAt)
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func aRetryMovesTheMessageAndSettledMessagesLeave(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let johnny = try await repositories.users.create(newUser())
            try await repositories.accountLinks.issue(newLink(.passwordReset), for: johnny.id)
            try await repositories.accountLinks.issue(newLink(.emailConfirmation), for: johnny.id)
            let outbox = repositories.outbox
            let claimed = try await outbox.claimDue(at: referenceTime, limit: 10, leaseUntil: referenceTime + 60)
            #expect(claimed.count == 2)

            try await outbox.retry(id: claimed[0].id, at: referenceTime + 5.5)
            #expect(try await outbox.nextAttemptTime() == referenceTime + 5.5)
            #expect(
                try await outbox.claimDue(at: referenceTime + 5.499, limit: 10, leaseUntil: referenceTime + 60) == [])
            let retried = try await outbox.claimDue(at: referenceTime + 5.5, limit: 10, leaseUntil: referenceTime + 60)
            #expect(retried.map(\.id) == [claimed[0].id])

            try await outbox.markSent(ids: [claimed[0].id])
            try await outbox.giveUp(id: claimed[1].id)
            #expect(try await outbox.status() == OutboxStatus(queued: 0, oldestQueuedAt: nil))
            #expect(try await outbox.nextAttemptTime() == nil)
            #expect(
                try await outbox.claimDue(at: referenceTime + 3_600, limit: 10, leaseUntil: referenceTime + 4_000) == []
            )
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func claimsTakeAtMostTheLimitOldestFirst(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            var links: [AccountLinkIssue] = []
            for index in 0..<5 {
                let rider = try await repositories.users.create(newUser(email: "rider\(index)@koober.com"))
                let link = newLink(.passwordReset, at: referenceTime + Double(index) * 0.5)
                try await repositories.accountLinks.issue(link, for: rider.id)
                links.append(link)
            }
            let now = referenceTime + 10
            let first = try await repositories.outbox.claimDue(at: now, limit: 3, leaseUntil: now + 60)
            #expect(first.map(\.mail) == links.prefix(3).map(\.mail))
            #expect(first.map(\.queuedAt) == links.prefix(3).map(\.issuedAt))
            let rest = try await repositories.outbox.claimDue(at: now, limit: 3, leaseUntil: now + 60)
            #expect(rest.map(\.mail) == links.suffix(2).map(\.mail))
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func theStatusCountsTheMessagesWaitingAndTheOldest(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let outbox = repositories.outbox
            #expect(try await outbox.status() == OutboxStatus(queued: 0, oldestQueuedAt: nil))
            #expect(try await outbox.nextAttemptTime() == nil)
            let johnny = try await repositories.users.create(newUser())
            try await repositories.accountLinks.issue(newLink(.passwordReset, at: referenceTime + 1.5), for: johnny.id)
            try await repositories.accountLinks.issue(
                newLink(.emailConfirmation, at: referenceTime + 2), for: johnny.id)
            #expect(try await outbox.status() == OutboxStatus(queued: 2, oldestQueuedAt: referenceTime + 1.5))
            #expect(try await outbox.nextAttemptTime() == referenceTime + 1.5)

            _ = try await outbox.claimDue(at: referenceTime + 1.5, limit: 1, leaseUntil: referenceTime + 10)
            #expect(try await outbox.nextAttemptTime() == referenceTime + 2)
            #expect(try await outbox.status() == OutboxStatus(queued: 2, oldestQueuedAt: referenceTime + 1.5))
        }
    }

    /// Two riders' rides finish with their receipts: only the rider whose email is confirmed gets one, queued at the
    /// ride's end.
    @Test(arguments: RepositoryKind.allCases)
    func aFinishedRidesReceiptIsQueuedWithItsChangeOnlyToAConfirmedEmail(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            try await repositories.fleet.provide(Fleet.members(size: 3))
            let confirmed = try await repositories.users.create(newUser())
            let unconfirmed = try await repositories.users.create(newUser(email: "skippy@koober.com", name: "Skippy"))
            try await confirmEmail(of: confirmed.id, in: repositories)

            let finishing = try await finishingChange(of: confirmed.id, in: repositories)
            let unconfirmedFinishing = try await finishingChange(of: unconfirmed.id, in: repositories)
            let finished = try #require(try await repositories.rides.apply(finishing))
            #expect(finished.status == .finished)
            #expect(try await repositories.rides.apply(unconfirmedFinishing)?.status == .finished)

            let endedAt = try #require(finishing.endedAt)
            let claimed = try await repositories.outbox.claimDue(at: endedAt + 1, limit: 10, leaseUntil: endedAt + 60)
            #expect(claimed.map(\.mail) == [try #require(finishing.receipt)])
            #expect(claimed.first?.mail.rideID == finished.id)
            #expect(claimed.first?.recipient == confirmed)
            // Stored to the millisecond.
            let queuedAt = try #require(claimed.first?.queuedAt)
            #expect(abs(queuedAt.timeIntervalSince(endedAt)) < 0.001)
        }
    }

    /// A change that is not applied (the ride moved on meanwhile: a stale revision) rolls back with its receipt.
    @Test(arguments: RepositoryKind.allCases)
    func aChangeNotAppliedQueuesNoReceipt(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            try await repositories.fleet.provide(Fleet.members(size: 3))
            let johnny = try await repositories.users.create(newUser())
            try await confirmEmail(of: johnny.id, in: repositories)
            let finishing = try await finishingChange(of: johnny.id, in: repositories)
            #expect(try await repositories.rides.apply(finishing) != nil)
            let stale = finishing.queueing(.receipt(of: finishing.rideID))
            #expect(try await repositories.rides.apply(stale) == nil)

            let claimed = try await repositories.outbox.claimDue(
                at: referenceTime + 86_400, limit: 10, leaseUntil: referenceTime + 90_000)
            #expect(claimed.map(\.mail) == [try #require(finishing.receipt)])
        }
    }

    /// The change that finishes a new ride of the rider's (requested, then given a free animal), with its receipt.
    private func finishingChange(of userID: UserID, in repositories: Repositories) async throws -> RideChange {
        let ride = try await repositories.rides.requestRide(newRideRequest(userID: userID))
        let animal = try #require(
            try await repositories.fleet.freeAnimals().first { $0.rideOptionID == ride.rideOptionID })
        let assigned = try #require(
            try await repositories.rides.apply(.assign(ride, animal: animal, at: referenceTime + 1)))
        let finishing = try #require(RideChange.advance(assigned, to: referenceTime + 86_400))
        #expect(finishing.status == .finished)
        return finishing.queueing(.receipt(of: ride.id))
    }
}
