import EventLoopExecution
import NIOCore
import NIOPosix
import Synchronization
import TestKit
import Testing

/// The timer wheel on a real event loop: every callback runs once, never before its deadline (within the horizon), in
/// the order of its slots; beyond the horizon at the horizon; and callbacks may schedule callbacks.
@Suite struct EventLoopTimerWheelTests {
    /// What ran: a name and the uptime it ran at.
    private final class Runs: Sendable {
        let runs = Mutex<[(name: String, at: NIODeadline)]>([])

        func record(_ name: String) {
            let now = NIODeadline.now()
            runs.withLock { $0.append((name, now)) }
        }

        var names: [String] { runs.withLock { $0.map(\.name) } }
        var count: Int { runs.withLock { $0.count } }

        func time(of name: String) -> NIODeadline? {
            runs.withLock { $0.first { $0.name == name }?.at }
        }

        func waitFor(_ count: Int) async throws -> Bool {
            try await eventually { self.count >= count }
        }
    }

    private func withWheel(
        slotWidth: TimeAmount = .milliseconds(10), slotCount: Int = 2048,
        _ body: (EventLoopTimerWheel) async throws -> Void
    ) async throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let wheel = EventLoopTimerWheel(eventLoop: group.next(), slotWidth: slotWidth, slotCount: slotCount)
        do {
            try await body(wheel)
        } catch {
            try await group.shutdownGracefully()
            throw error
        }
        try await group.shutdownGracefully()
    }

    @Test func callbacksRunInTheirSlotsOrderAndNeverBeforeTheirDeadlines() async throws {
        try await withWheel { wheel in
            let runs = Runs()
            let deadlines: [(String, TimeAmount)] = [
                ("third", .milliseconds(250)), ("first", .milliseconds(50)), ("second", .milliseconds(120)),
                ("also first", .milliseconds(50)),
            ]
            // Read on the loop: a loop busy for longer than the gaps would otherwise find the deadlines past already.
            let start = try await wheel.eventLoop.submit {
                let start = NIODeadline.now()
                for (name, delay) in deadlines { wheel.schedule(at: start + delay) { runs.record(name) } }
                return start
            }.get()
            #expect(try await runs.waitFor(4))
            #expect(runs.names == ["first", "also first", "second", "third"])
            for (name, delay) in deadlines {
                let ran = try #require(runs.time(of: name))
                #expect(ran >= start + delay, "\(name) ran early")
            }
        }
    }

    @Test func anEarlierDeadlineAfterALaterOneStillRunsFirst() async throws {
        try await withWheel { wheel in
            let runs = Runs()
            let start = NIODeadline.now()
            try await wheel.eventLoop.submit {
                wheel.schedule(at: start + .seconds(2)) { runs.record("later") }
                wheel.schedule(at: start + .milliseconds(30)) { runs.record("sooner") }
            }.get()
            #expect(try await runs.waitFor(2))
            #expect(runs.names == ["sooner", "later"])
            #expect(try #require(runs.time(of: "later")) >= start + .seconds(2))
        }
    }

    @Test func aDeadlineBeyondTheHorizonRunsAtTheHorizon() async throws {
        // 4 slots of 10 ms: a callback for an hour from now runs within about 40 ms, early, as documented.
        try await withWheel(slotCount: 4) { wheel in
            let runs = Runs()
            let start = NIODeadline.now()
            try await wheel.eventLoop.submit {
                wheel.schedule(at: start + .hours(1)) { runs.record("far") }
            }.get()
            #expect(try await runs.waitFor(1))
            #expect(try #require(runs.time(of: "far")) < start + .hours(1))
        }
    }

    @Test func aCallbackCanScheduleTheNextOne() async throws {
        try await withWheel { wheel in
            let runs = Runs()
            @Sendable func again(_ left: Int) {
                runs.record("\(left)")
                if left > 0 { wheel.schedule(at: .now()) { again(left - 1) } }
            }
            try await wheel.eventLoop.submit { wheel.schedule(at: .now()) { again(5) } }.get()
            #expect(try await runs.waitFor(6))
            #expect(runs.names == ["5", "4", "3", "2", "1", "0"])
        }
    }

    @Test func tenThousandCallbacksAllRunOnce() async throws {
        try await withWheel { wheel in
            let runs = Runs()
            let start = NIODeadline.now()
            try await wheel.eventLoop.submit {
                for index in 0..<10_000 {
                    wheel.schedule(at: start + .milliseconds(Int64(index % 500))) { runs.record("\(index)") }
                }
            }.get()
            #expect(try await runs.waitFor(10_000))
            #expect(Set(runs.names).count == 10_000)
            // And the wheel, empty again, starts afresh.
            let later = NIODeadline.now()
            try await wheel.eventLoop.submit { wheel.schedule(at: later + .milliseconds(20)) { runs.record("again") } }
                .get()
            #expect(try await runs.waitFor(10_001))
            #expect(try #require(runs.time(of: "again")) >= later + .milliseconds(20))
        }
    }
}
