import Foundation
import KooberKit
import KooberKitTestDoubles
import TestKit
import Testing

/// Koober Ops' reports (SPEC.md, "Koober Ops", **Reports**) on the in-memory store and a virtual clock: listed, looked
/// at, replied to and resolved by the members whose role may, each act with its audit row, none for an act refused;
/// the reply's limits; the list's cursor as the browser carries it.
@Suite struct ReportUseCaseTests {
    let stores = StoreServices.inMemory()
    let clock = TestClock(referenceTime)
    let support = StaffMember(
        id: StaffID(7), email: "ana@koober.example", name: "Ana Lima", role: .support, isEnrolled: true,
        lastSignInAt: referenceTime)
    let fleet = StaffMember(
        id: StaffID(8), email: "bo@koober.example", name: "Bo Fleet", role: .fleet, isEnrolled: true,
        lastSignInAt: referenceTime)

    /// A rider's cancelled ride, reported.
    func reportedRide() async throws -> RideID {
        let rider = try await stores.users.create(
            NewUser(
                name: "Zoë Example", nickname: "Zoë", email: "zoe@example.com", mobileNumber: "0400 000 000",
                passwordHash: FakePasswordHasher.fakeHash(of: "password")))
        let ride = try await stores.rides.requestRide(
            NewRideRequest(
                userID: rider.id, pickup: SydneyLocator.sydney, dropoffID: PlaceID(1), rideOptionID: "wallaroo",
                fareCents: 1_234, requestedAt: clock.now))
        _ = try await stores.rides.apply(try #require(RideChange.cancel(ride, at: clock.now + 1)))
        #expect(
            try await stores.rideFeedback.report(
                rideID: ride.id, ProblemReport(category: .fare, text: "Charged twice", reportedAt: clock.now + 2)))
        return ride.id
    }

    func reply(_ rideID: RideID, _ text: String, by member: StaffMember? = nil) async throws
        -> Result<ReportReply, ReportError>
    {
        try await outcome(ReportError.self) {
            try await ReplyToReportUseCase(
                rideID: rideID, text: text, member: member ?? support, now: clock.now, reports: stores.reports
            ).run()
        }
    }

    func resolve(_ rideID: RideID, by member: StaffMember? = nil) async throws -> Result<Void, ReportError> {
        try await outcome(ReportError.self) {
            try await ResolveReportUseCase(
                rideID: rideID, member: member ?? support, now: clock.now, reports: stores.reports
            ).run()
        }
    }

    func auditRows() async throws -> [AuditEntry] {
        try await stores.auditLog.entries(staff: nil, target: nil, before: nil, limit: 100).map(\.entry)
    }

    @Test func aReplyIsTrimmedStoredAndAuditedWithoutAReason() async throws {
        let rideID = try await reportedRide()
        clock.advance(by: .seconds(60))
        let reply = try await reply(rideID, "  We've refunded the fare.\n").get()
        #expect(reply.text == "We've refunded the fare.")
        #expect(reply.repliedAt == clock.now && reply.staffName == "Ana Lima")
        #expect(
            try await auditRows() == [AuditEntry(by: support, .repliedToReport, target: .report(rideID), at: clock.now)]
        )
        let page = try await LookAtReportUseCase(
            rideID: rideID, member: support, reports: stores.reports, rides: stores.rides,
            feedback: stores.rideFeedback
        ).run()
        #expect(page.detail.replies == [reply] && page.receipt.ride.id == rideID)
        #expect(page.receipt.feedback.replies == [reply], "the receipt shows it")
    }

    @Test func aReplyOutsideItsLimitsIsRefusedAndWritesNothing() async throws {
        let rideID = try await reportedRide()
        #expect(try await reply(rideID, " \n ").failure == .reply(.missing))
        #expect(
            try await reply(rideID, String(repeating: "x", count: 2_001)).failure
                == .reply(.tooLong(ReportReply.textLimit)))
        #expect(try await reply(rideID, String(repeating: "x", count: 2_000)).failure == nil)
        // One character of 20,001 bytes: refused by its bytes, before it is trimmed or counted.
        let accented = "a" + String(repeating: "\u{301}", count: 10_000)
        #expect(
            try await reply(rideID, accented).failure
                == .reply(.tooLong(FieldLimit(maximum: 16_000, unit: .utf8Bytes))))
        #expect(try await auditRows().count == 1)
    }

    @Test func onlyMembersWhoseRoleMayActOnReportsDoAndTheyWriteNothingElse() async throws {
        let rideID = try await reportedRide()
        #expect(try await reply(rideID, "Hello", by: fleet).failure == .notAllowed)
        #expect(try await resolve(rideID, by: fleet).failure == .notAllowed)
        await #expect(throws: ReportError.notAllowed) {
            try await ListReportsUseCase(member: fleet, after: nil, reports: stores.reports).run()
        }
        await #expect(throws: ReportError.notAllowed) {
            try await LookAtReportUseCase(
                rideID: rideID, member: fleet, reports: stores.reports, rides: stores.rides,
                feedback: stores.rideFeedback
            ).run()
        }
        #expect(try await auditRows().isEmpty)
        let admin = StaffMember(
            id: StaffID(9), email: "root@koober.example", name: "Root", role: .admin, isEnrolled: true,
            lastSignInAt: nil)
        #expect(
            try await ListReportsUseCase(member: admin, after: nil, reports: stores.reports).run().reports.count == 1)
    }

    @Test func aResolveIsOnceAndClosesTheReportToReplies() async throws {
        let rideID = try await reportedRide()
        #expect(try await stores.dashboards.dashboard(at: clock.now + 10).openReports == 1)
        clock.advance(by: .seconds(30))
        #expect(try await resolve(rideID).failure == nil)
        #expect(try await resolve(rideID).failure == .alreadyResolved)
        #expect(try await reply(rideID, "Too late").failure == .alreadyResolved)
        #expect(try await resolve(RideID(rideID.rawValue + 1)).failure == .noSuchReport)
        #expect(try await reply(RideID(rideID.rawValue + 1), "Nobody").failure == .noSuchReport)
        #expect(
            try await auditRows() == [AuditEntry(by: support, .resolvedReport, target: .report(rideID), at: clock.now)])
        let dashboard = try await stores.dashboards.dashboard(at: clock.now)
        #expect(dashboard.openReports == 0 && dashboard.oldestOpenReportAge == nil, "the double counts only open ones")
        await #expect(throws: ReportError.noSuchReport) {
            try await LookAtReportUseCase(
                rideID: RideID(rideID.rawValue + 1), member: support, reports: stores.reports, rides: stores.rides,
                feedback: stores.rideFeedback
            ).run()
        }
    }

    @Test func theCursorIsReadOnlyAsKooberWritesIt() {
        let cursor = ReportListCursor(part: .open, milliseconds: 1_700_000_000_123, rideID: RideID(42))
        #expect(cursor.text == "open.1700000000123.42")
        #expect(ReportListCursor(text: cursor.text) == cursor)
        #expect(
            ReportListCursor(text: "resolved.0.1")
                == ReportListCursor(part: .resolved, milliseconds: 0, rideID: RideID(1)))
        for text in [
            "", "open", "open.1.", "open..1", "open.1.0", "open.01.1", "open.1.-1", "open.+1.1", "closed.1.1",
            "open.1.1.1", "open.1234567890123456789.1", "open.1.١", "OPEN.1.1", String(repeating: "9", count: 1_000),
        ] {
            #expect(ReportListCursor(text: text) == nil, "\(text)")
        }
    }

    @Test func theReplysLimitHoldsTwoThousandCharactersOfAnyScript() {
        #expect(ReportReply.textLimit.maximumBytes == 16_000)
        for character in ["谢", "कि", "👍🏽", "ก่"] {
            #expect(ReportReply.textLimit.problem(with: String(repeating: character, count: 2_000)) == nil)
        }
    }
}
