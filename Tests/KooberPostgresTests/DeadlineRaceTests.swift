import Foundation
import Testing

@testable import KooberPostgres

@Suite struct DeadlineRaceTests {
    struct Expired: Error {}
    struct Broken: Error {}

    @Test func workDoneInTimeGivesItsValue() async throws {
        let value = try await DeadlineRace.run(within: .seconds(10), expired: { Expired() }) { 42 }
        #expect(value == 42)
    }

    @Test func workThatFailsInTimeGivesItsError() async throws {
        await #expect(throws: Broken.self) {
            try await DeadlineRace<Int>.run(within: .seconds(10), expired: { Expired() }) { throw Broken() }
        }
    }

    /// Work that ignores cancellation (as a query on a connection whose server vanished may) holds nobody up: the
    /// caller has the deadline's error at the deadline, not when the work ends.
    @Test func workThatIgnoresCancellationIsAbandonedAtTheDeadline() async throws {
        let started = ContinuousClock.now
        await #expect(throws: Expired.self) {
            try await DeadlineRace<Int>.run(within: .milliseconds(100), expired: { Expired() }) {
                await Task.detached { try? await Task.sleep(for: .seconds(5)) }.value
                return 1
            }
        }
        #expect(ContinuousClock.now - started < .seconds(4))
    }

    @Test func aCancelledCallerIsAnsweredAtOnce() async throws {
        let call = Task {
            try await DeadlineRace<Int>.run(within: .seconds(60), expired: { Expired() }) {
                await Task.detached { try? await Task.sleep(for: .seconds(5)) }.value
                return 1
            }
        }
        try await Task.sleep(for: .milliseconds(50))
        let started = ContinuousClock.now
        call.cancel()
        await #expect(throws: CancellationError.self) { try await call.value }
        #expect(ContinuousClock.now - started < .seconds(4))
    }
}
