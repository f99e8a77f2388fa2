import Foundation
import Testing

@testable import KooberPostgres

/// The work abandoned here sleeps two minutes; each answer must come long before that (within a minute: the parallel
/// suite on two cores has held a task back for seconds).
@Suite struct DeadlineRaceTests {
    struct Expired: Error {}
    struct Broken: Error {}

    @Test func workDoneInTimeGivesItsValue() async throws {
        let value = try await DeadlineRace.run(within: .seconds(60), expired: { Expired() }) { 42 }
        #expect(value == 42)
    }

    @Test func workThatFailsInTimeGivesItsError() async throws {
        await #expect(throws: Broken.self) {
            try await DeadlineRace<Int>.run(within: .seconds(60), expired: { Expired() }) { throw Broken() }
        }
    }

    /// Work that ignores cancellation (as a query on a connection whose server vanished may) holds nobody up: the
    /// caller has the deadline's error at the deadline, not when the work ends.
    @Test func workThatIgnoresCancellationIsAbandonedAtTheDeadline() async throws {
        let started = ContinuousClock.now
        await #expect(throws: Expired.self) {
            try await DeadlineRace<Int>.run(within: .milliseconds(100), expired: { Expired() }) {
                await Task.detached { try? await Task.sleep(for: .seconds(120)) }.value
                return 1
            }
        }
        #expect(ContinuousClock.now - started < .seconds(60))
    }

    /// Also when the caller was cancelled before the race had begun (the suite's busy machine once made the 50 ms
    /// of the next test that long, and the cancellation was lost).
    @Test func aCallerCancelledBeforeItBeganIsAnsweredAtOnce() async throws {
        let started = ContinuousClock.now
        let call = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await DeadlineRace<Int>.run(within: .seconds(600), expired: { Expired() }) {
                await Task.detached { try? await Task.sleep(for: .seconds(120)) }.value
                return 1
            }
        }
        await #expect(throws: CancellationError.self) { try await call.value }
        #expect(ContinuousClock.now - started < .seconds(60))
    }

    @Test func aCancelledCallerIsAnsweredAtOnce() async throws {
        let (began, begins) = AsyncStream<Void>.makeStream()
        let call = Task {
            try await DeadlineRace<Int>.run(within: .seconds(600), expired: { Expired() }) {
                begins.yield()
                await Task.detached { try? await Task.sleep(for: .seconds(120)) }.value
                return 1
            }
        }
        // Cancelled once the race is run (the test above is the caller cancelled before).
        for await _ in began { break }
        let started = ContinuousClock.now
        call.cancel()
        await #expect(throws: CancellationError.self) { try await call.value }
        #expect(ContinuousClock.now - started < .seconds(60))
    }
}
