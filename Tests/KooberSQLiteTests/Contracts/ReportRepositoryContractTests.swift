import Foundation
import KooberKit
import Testing

/// What every `ReportRepository` promises, checked on each store: a reply stored with its mail and its audit row
/// together (and, refused, with none of them), resolving once with its row, the list's order and keyset pages, a
/// report's page, and two resolves at once of which one wins.
struct ReportRepositoryContractTests {
    @Test(arguments: RepositoryKind.allCases)
    func aReplyIsStoredWithItsMailAndItsRowTogether(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let rider = try await repositories.users.create(newUser())
            try await confirmEmail(of: rider.id, in: repositories)
            let rideID = try await reportedRide(of: rider.id, in: repositories)
            let time = referenceTime + 600

            let audit = auditEntry(.report(rideID), .repliedToReport, at: time)
            let sent = newReply(to: rideID, "Sorry about that.\nWe've refunded the detour.", at: time)
            let reply = try await repositories.reports.reply(sent, audit: audit)
            #expect(reply.rideID == rideID && reply.text == sent.text && reply.repliedAt == time)
            #expect(reply.staffID == staffMember().id && reply.staffName == "Ana Lima")
            #expect(reply.messageID == sent.mail.messageID)

            #expect(try await repositories.rideFeedback.feedback(rideID: rideID).replies == [reply])
            #expect(try await repositories.reports.report(rideID: rideID)?.replies == [reply])
            let claimed = try await repositories.outbox.claimDue(at: time + 1, limit: 10, leaseUntil: time + 60)
            #expect(claimed.map(\.mail) == [sent.mail])
            #expect(claimed.first?.mail.kind == .reportReply && claimed.first?.mail.subject == .ride(rideID))
            #expect(claimed.first?.recipient == rider)
            #expect(try await repositories.auditRows() == [audit])

            // A second reply to the same report: both are kept, in order, each with its mail and row.
            let later = newReply(to: rideID, "One more thing.", at: time + 60)
            let second = try await repositories.reports.reply(
                later, audit: auditEntry(.report(rideID), .repliedToReport, at: time + 60))
            #expect(second.id > reply.id)
            #expect(try await repositories.rideFeedback.feedback(rideID: rideID).replies == [reply, second])
            #expect(try await repositories.outbox.status().queued == 2)
            #expect(try await repositories.auditRows().count == 2)
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func aReplyToAnUnconfirmedEmailIsStoredButNotMailed(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let rider = try await repositories.users.create(newUser())
            let rideID = try await reportedRide(of: rider.id, in: repositories)
            let reply = try await repositories.reports.reply(
                newReply(to: rideID, "Thanks for telling us."), audit: auditEntry(.report(rideID), .repliedToReport))
            #expect(try await repositories.rideFeedback.feedback(rideID: rideID).replies == [reply])
            #expect(try await repositories.outbox.status().queued == 0)
            #expect(try await repositories.auditRows().count == 1)
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func aReplyRefusedWritesNoReplyNoMailAndNoRow(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let rider = try await repositories.users.create(newUser())
            try await confirmEmail(of: rider.id, in: repositories)
            let rideID = try await reportedRide(of: rider.id, in: repositories)
            // A ride without a report, and no ride at all.
            let unreported = try await repositories.rides.requestRide(
                newRideRequest(userID: rider.id, at: referenceTime + 100))
            for target in [unreported.id, RideID(unreported.id.rawValue + 100)] {
                await #expect(throws: ReportRepositoryError.noSuchReport) {
                    try await repositories.reports.reply(
                        newReply(to: target, "Hello"), audit: auditEntry(.report(target), .repliedToReport))
                }
            }
            // Text that is not a reply never reaches the store.
            for text in ["", " \n\t ", String(repeating: "a", count: 2_001), String(repeating: "á", count: 8_001)] {
                await #expect(throws: ReportError.self) {
                    try await ReplyToReportUseCase(
                        rideID: rideID, text: text, member: staffMember(), now: referenceTime,
                        reports: repositories.reports
                    ).run()
                }
            }
            #expect(try await repositories.rideFeedback.feedback(rideID: rideID).replies.isEmpty)
            #expect(try await repositories.outbox.status().queued == 0)
            #expect(try await repositories.auditRows().isEmpty)
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func aReplyTakes2000CharactersOfAnyScript(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let rider = try await repositories.users.create(newUser())
            let rideID = try await reportedRide(of: rider.id, in: repositories)
            // Chinese (3 bytes a character), Devanagari with a vowel sign on every letter (6), an emoji with a skin
            // tone (8): 2,000 characters each, 16,000 bytes at most.
            for character in ["谢", "कि", "👍🏽"] {
                let text = String(repeating: character, count: 2_000)
                let reply = try await ReplyToReportUseCase(
                    rideID: rideID, text: text, member: staffMember(), now: referenceTime,
                    reports: repositories.reports
                ).run()
                #expect(reply.text == text)
            }
            #expect(try await repositories.rideFeedback.feedback(rideID: rideID).replies.count == 3)
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func aResolveClosesTheReportWithItsRowAndOnlyOnce(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let rider = try await repositories.users.create(newUser())
            try await confirmEmail(of: rider.id, in: repositories)
            let rideID = try await reportedRide(of: rider.id, in: repositories)
            let time = referenceTime + 900
            #expect(try await repositories.dashboards.dashboard(at: time).openReports == 1)

            let resolve = auditEntry(.report(rideID), .resolvedReport, at: time)
            try await repositories.reports.resolve(rideID: rideID, audit: resolve)
            #expect(try await repositories.reports.report(rideID: rideID)?.summary.resolvedAt == time)
            #expect(try await repositories.reports.openReports(after: nil, limit: 10).isEmpty)
            #expect(try await repositories.reports.resolvedReports(after: nil, limit: 10).map(\.rideID) == [rideID])
            let dashboard = try await repositories.dashboards.dashboard(at: time)
            #expect(dashboard.openReports == 0 && dashboard.oldestOpenReportAge == nil, "resolved is not open")
            #expect(try await repositories.auditRows() == [resolve])

            // Closed: a second resolve and a reply are refused and write nothing.
            await #expect(throws: ReportRepositoryError.alreadyResolved) {
                try await repositories.reports.resolve(
                    rideID: rideID, audit: auditEntry(.report(rideID), .resolvedReport, at: time + 1))
            }
            await #expect(throws: ReportRepositoryError.alreadyResolved) {
                try await repositories.reports.reply(
                    newReply(to: rideID, "Late"), audit: auditEntry(.report(rideID), .repliedToReport))
            }
            let nothing = RideID(rideID.rawValue + 100)
            await #expect(throws: ReportRepositoryError.noSuchReport) {
                try await repositories.reports.resolve(rideID: nothing, audit: auditEntry(.report(nothing)))
            }
            #expect(try await repositories.reports.report(rideID: rideID)?.summary.resolvedAt == time)
            #expect(try await repositories.rideFeedback.feedback(rideID: rideID).replies.isEmpty)
            #expect(try await repositories.outbox.status().queued == 0)
            #expect(try await repositories.auditRows() == [resolve])
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func aReportWithARepliesIsResolvedToo(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let rider = try await repositories.users.create(newUser())
            let rideID = try await reportedRide(of: rider.id, in: repositories)
            let reply = try await repositories.reports.reply(
                newReply(to: rideID, "Sorted."), audit: auditEntry(.report(rideID), .repliedToReport))
            try await repositories.reports.resolve(
                rideID: rideID, audit: auditEntry(.report(rideID), .resolvedReport, at: referenceTime + 1))
            let detail = try #require(try await repositories.reports.report(rideID: rideID))
            #expect(detail.replies == [reply] && detail.summary.resolvedAt == referenceTime + 1)
            #expect(try await repositories.auditRows().map(\.action) == [.resolvedReport, .repliedToReport])
        }
    }

    /// Open reports oldest first (ties by ride id), then resolved ones newest resolved first, in keyset pages that
    /// neither skip nor repeat a report, through `ListReportsUseCase` as the page reads them.
    @Test(arguments: RepositoryKind.allCases)
    func theListIsOpenOldestFirstThenResolvedNewestFirstInPages(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let ana = try await repositories.users.create(newUser(email: "ana@riders.example", name: "Ana"))
            let ben = try await repositories.users.create(newUser(email: "ben@riders.example", name: "Ben"))
            // Reported at these seconds after `referenceTime`; two at the same time (ordered by ride id).
            var rides: [RideID] = []
            for (index, second) in [50, 10, 30, 30, 70, 20, 40].enumerated() {
                let rider = index.isMultiple(of: 2) ? ana.id : ben.id
                rides.append(
                    try await reportedRide(
                        of: rider, in: repositories, at: referenceTime + Double(index * 1_000),
                        reportedAt: referenceTime + 10_000 + Double(second)))
            }
            // Resolve three: rides[0] first, rides[4] last, rides[5] between.
            for (offset, index) in [0, 5, 4].enumerated() {
                try await repositories.reports.resolve(
                    rideID: rides[index],
                    audit: auditEntry(
                        .report(rides[index]), .resolvedReport, at: referenceTime + 20_000 + Double(offset)))
            }
            let open = [rides[1], rides[2], rides[3], rides[6]]  // 10, 30, 30 (by id), 40
            let resolved = [rides[4], rides[5], rides[0]]  // newest resolved first
            var seen: [ReportSummary] = []
            var cursor: ReportListCursor?
            var pages = 0
            repeat {
                let page = try await ListReportsUseCase(
                    member: staffMember(), after: cursor, limit: 2, reports: repositories.reports
                ).run()
                seen += page.reports
                cursor = page.next
                pages += 1
                #expect(page.reports.count == 2 || page.next == nil)
                if let text = cursor?.text { #expect(ReportListCursor(text: text) == cursor) }
            } while cursor != nil && pages < 10
            #expect(seen.map(\.rideID) == open + resolved)
            #expect(pages == 4)
            #expect(seen.prefix(4).allSatisfy(\.isOpen) && !seen.suffix(3).contains(where: \.isOpen))
            let first = try #require(seen.first)
            #expect(first.rider == ReportRider(id: ben.id, name: "Ben", email: "ben@riders.example"))
            #expect(first.report.text == "It took the long way round." && first.report.category == .route)
            #expect(first.report.reportedAt == referenceTime + 10_010)

            // One page of all, and pages that end exactly where the open part does.
            let all = try await ListReportsUseCase(member: staffMember(), after: nil, reports: repositories.reports)
                .run()
            #expect(all.reports == seen && all.next == nil)
            let four = try await ListReportsUseCase(
                member: staffMember(), after: nil, limit: 4, reports: repositories.reports
            ).run()
            #expect(four.reports.map(\.rideID) == open && four.next?.part == .open)
            let rest = try await ListReportsUseCase(
                member: staffMember(), after: four.next, limit: 4, reports: repositories.reports
            ).run()
            #expect(rest.reports.map(\.rideID) == resolved && rest.next == nil)
            #expect(try await repositories.auditRows().count == 3, "reading the list writes no row")
        }
    }

    @Test(arguments: RepositoryKind.allCases)
    func aReportsPageHasItsRepliesAndTheRidersEarlierReports(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let rider = try await repositories.users.create(newUser())
            let other = try await repositories.users.create(newUser(email: "jane@riders.example", name: "Jane"))
            let first = try await reportedRide(of: rider.id, in: repositories, at: referenceTime)
            let second = try await reportedRide(
                of: rider.id, in: repositories, at: referenceTime + 1_000, reportedAt: referenceTime + 1_100)
            _ = try await reportedRide(of: other.id, in: repositories, at: referenceTime + 2_000)
            let third = try await reportedRide(
                of: rider.id, in: repositories, at: referenceTime + 3_000, reportedAt: referenceTime + 3_100)
            let reply = try await repositories.reports.reply(
                newReply(to: second, "We're on it."), audit: auditEntry(.report(second), .repliedToReport))

            let detail = try #require(try await repositories.reports.report(rideID: second))
            #expect(detail.summary.rideID == second && detail.summary.isOpen)
            #expect(detail.summary.rider == ReportRider(id: rider.id, name: rider.name, email: rider.email))
            #expect(detail.replies == [reply])
            #expect(detail.earlierReports.map(\.rideID) == [first], "earlier only, the rider's only")
            let latest = try #require(try await repositories.reports.report(rideID: third))
            #expect(latest.earlierReports.map(\.rideID) == [second, first])
            #expect(latest.replies.isEmpty)
            let unreported = try await repositories.rides.requestRide(
                newRideRequest(userID: rider.id, at: referenceTime + 5_000))
            #expect(try await repositories.reports.report(rideID: unreported.id) == nil)
        }
    }

    /// Two members resolving one report at once (two processes on PostgreSQL): one resolves it, with its row; the other
    /// is refused and writes nothing. Run five times.
    @Test(arguments: RepositoryKind.allCases)
    func ofTwoResolvesAtOnceOneWins(kind: RepositoryKind) async throws {
        try await withRepositories(kind) { repositories in
            let rider = try await repositories.users.create(newUser())
            for round in 0..<5 {
                let rideID = try await reportedRide(
                    of: rider.id, in: repositories, at: referenceTime + Double(round * 1_000))
                let outcomes = try await withThrowingTaskGroup(of: Bool.self) { group in
                    for member in [staffMember(1), staffMember(2, "bo@koober.example")] {
                        group.addTask {
                            do {
                                try await repositories.reports.resolve(
                                    rideID: rideID, audit: auditEntry(.report(rideID), .resolvedReport, by: member))
                                return true
                            } catch ReportRepositoryError.alreadyResolved {
                                return false
                            }
                        }
                    }
                    return try await group.reduce(into: [Bool]()) { $0.append($1) }
                }
                #expect(outcomes.filter { $0 }.count == 1 && outcomes.count == 2)
                let rows = try await repositories.auditLog.entries(
                    staff: nil, target: .report(rideID), before: nil, limit: 10)
                #expect(rows.count == 1)
            }
        }
    }

    // MARK: - Fixtures

    /// A ride of `riderID`'s requested at `time` and cancelled a second later, reported at `reportedAt` (a minute
    /// after the request unless said).
    private func reportedRide(
        of riderID: UserID, in repositories: Repositories, at time: Date = referenceTime, reportedAt: Date? = nil
    ) async throws -> RideID {
        let ride = try await repositories.rides.requestRide(newRideRequest(userID: riderID, at: time))
        _ = try await repositories.rides.apply(try #require(RideChange.cancel(ride, at: time + 1)))
        let report = ProblemReport(
            category: .route, text: "It took the long way round.", reportedAt: reportedAt ?? time + 60)
        #expect(try await repositories.rideFeedback.report(rideID: ride.id, report))
        return ride.id
    }

    private func newReply(to rideID: RideID, _ text: String, at time: Date = referenceTime) -> NewReportReply {
        let member = staffMember()
        return NewReportReply(
            rideID: rideID, text: text, repliedAt: time, staffID: member.id, staffName: member.name,
            mail: .reportReply(of: rideID))
    }
}
