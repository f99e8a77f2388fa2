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
            #expect(entry.mail == link.mail.carrying(token: entry.mail.token))
            #expect(link.mail.token == nil, "a link's message is queued without its token")
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

            try await outbox.retry(claimed[0].claim, at: referenceTime + 5.5)
            #expect(try await outbox.nextAttemptTime() == referenceTime + 5.5)
            #expect(
                try await outbox.claimDue(at: referenceTime + 5.499, limit: 10, leaseUntil: referenceTime + 60) == [])
            let retried = try await outbox.claimDue(at: referenceTime + 5.5, limit: 10, leaseUntil: referenceTime + 60)
            #expect(retried.map(\.id) == [claimed[0].id])

            try await outbox.markSent(retried.map(\.claim))
            try await outbox.giveUp(claimed[1].claim)
            #expect(try await outbox.status() == OutboxStatus(queued: 0, oldestQueuedAt: nil))
            #expect(try await outbox.nextAttemptTime() == nil)
            #expect(
                try await outbox.claimDue(at: referenceTime + 3_600, limit: 10, leaseUntil: referenceTime + 4_000) == []
            )
        }
    }

    /// A sender renews the lease of the messages it still holds as its batch goes on (issue 41): renewed, they are not
    /// due; a lease that has passed is not renewed, even before another sender claims the message; and a claim taken
    /// by another sender since is not renewed, nor is the newer claim's lease moved.
    @Test(arguments: RepositoryKind.allCases)
    func aLeaseIsRenewedOnlyByItsLatestClaimAndOnlyBeforeItPasses(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let johnny = try await repositories.users.create(newUser())
            try await repositories.accountLinks.issue(newLink(.passwordReset), for: johnny.id)
            try await repositories.accountLinks.issue(newLink(.emailConfirmation), for: johnny.id)
            let outbox = repositories.outbox
            let first = try await outbox.claimDue(at: referenceTime, limit: 10, leaseUntil: referenceTime + 60)
            #expect(first.count == 2)

            let renewed = try await outbox.renew(
                first.map(\.claim), at: referenceTime + 59.5, leaseUntil: referenceTime + 120.25)
            #expect(renewed == first.map(\.claim))
            #expect(
                try await outbox.claimDue(at: referenceTime + 119, limit: 10, leaseUntil: referenceTime + 200) == [])
            #expect(try await outbox.nextAttemptTime() == referenceTime + 120.25)

            // Past the lease: lost, though nobody has taken the messages yet.
            #expect(
                try await outbox.renew(first.map(\.claim), at: referenceTime + 120.25, leaseUntil: referenceTime + 500)
                    == [])
            let second = try await outbox.claimDue(
                at: referenceTime + 120.25, limit: 1, leaseUntil: referenceTime + 180)
            #expect(second.map(\.id) == [first[0].id])
            #expect(second.first?.attempts == 2)
            // The first claim of it is stale, the second holds.
            #expect(
                try await outbox.renew([first[0].claim], at: referenceTime + 121, leaseUntil: referenceTime + 900) == []
            )
            #expect(
                try await outbox.renew(second.map(\.claim), at: referenceTime + 121, leaseUntil: referenceTime + 240)
                    == second.map(\.claim))
            #expect(
                try await outbox.claimDue(at: referenceTime + 239, limit: 10, leaseUntil: referenceTime + 300).map(\.id)
                    == [first[1].id])
            #expect(try await outbox.renew([], at: referenceTime, leaseUntil: referenceTime + 60) == [])
        }
    }

    /// A sender whose lease passed can neither retry, give up nor mark sent a message another sender has claimed since
    /// (issue 41): the newer claim's lease and the message stay, so the copy that goes is the newer sender's; the
    /// latest claim settles it.
    @Test(arguments: RepositoryKind.allCases)
    func aStaleClaimSettlesNothingAndTheLatestClaimSettles(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let johnny = try await repositories.users.create(newUser())
            try await repositories.accountLinks.issue(newLink(.passwordReset), for: johnny.id)
            let outbox = repositories.outbox
            let stale = try #require(
                try await outbox.claimDue(at: referenceTime, limit: 10, leaseUntil: referenceTime + 60).first)
            let latest = try #require(
                try await outbox.claimDue(at: referenceTime + 60, limit: 10, leaseUntil: referenceTime + 120.5).first)
            #expect(latest.id == stale.id)
            #expect(latest.claim == OutboxClaim(id: stale.id, attempt: 2))

            try await outbox.retry(stale.claim, at: referenceTime + 61)
            try await outbox.giveUp(stale.claim)
            try await outbox.markSent([stale.claim])
            #expect(try await outbox.nextAttemptTime() == referenceTime + 120.5)
            #expect(try await outbox.status() == OutboxStatus(queued: 1, oldestQueuedAt: referenceTime))

            try await outbox.retry(latest.claim, at: referenceTime + 90.5)
            #expect(try await outbox.nextAttemptTime() == referenceTime + 90.5)
            let third = try #require(
                try await outbox.claimDue(at: referenceTime + 90.5, limit: 10, leaseUntil: referenceTime + 150).first)
            try await outbox.markSent([latest.claim])
            #expect(try await outbox.status().queued == 1)
            try await outbox.markSent([third.claim])
            #expect(try await outbox.status() == OutboxStatus(queued: 0, oldestQueuedAt: nil))
            #expect(try await outbox.nextAttemptTime() == nil)
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
            #expect(first.map(\.mail.messageID) == links.prefix(3).map(\.mail.messageID))
            #expect(first.map(\.queuedAt) == links.prefix(3).map(\.issuedAt))
            let rest = try await repositories.outbox.claimDue(at: now, limit: 3, leaseUntil: now + 60)
            #expect(rest.map(\.mail.messageID) == links.suffix(2).map(\.mail.messageID))
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
            #expect(claimed.first?.mail.subject == .ride(finished.id))
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
