import NIOCore

/// One NIO timer for many callbacks on one event loop: each callback falls into a slot of `slotWidth`, and the wheel's
/// one scheduled task fires at the end of the earliest slot that holds any, and runs every callback of the slots
/// passed.
///
/// NIO keeps its scheduled tasks in a binary heap. With one scheduled task a stream (10,000 ride streams, each firing
/// every 2 s) keeping that heap took 15 % of koober's CPU; here an insert is an append, and a firing takes its slots'
/// arrays whole (docs/performance.md, "Ride streams").
///
/// A callback runs at the end of its deadline's slot: never before its deadline, at most one slot after it (and the
/// loop's own delay). A deadline beyond the wheel's horizon (`slotCount` slots) runs at the horizon, early, so a
/// callback checks what is due itself. Nothing is cancelled: a callback that is no longer wanted does nothing when it
/// runs. Every method is called on the wheel's event loop.
public final class EventLoopTimerWheel: @unchecked Sendable {
    public let eventLoop: any EventLoop
    public let slotWidth: TimeAmount
    private var slots: [[() -> Void]]
    /// The last slot run. Slot `n` holds the deadlines after `(n - 1) * slotWidth` up to `n * slotWidth` (uptime).
    private var cursor: Int64 = 0
    /// Callbacks in the slots.
    private var pending = 0
    private var timer: (slot: Int64, task: Scheduled<Void>)?
    /// Running callbacks: their new callbacks wait for the timer set after them.
    private var firing = false

    /// - Parameters:
    ///   - slotWidth: how late a callback may run (at least 1 ms).
    ///   - slotCount: the horizon, in slots (at least 2).
    public init(eventLoop: any EventLoop, slotWidth: TimeAmount = .milliseconds(10), slotCount: Int = 2048) {
        self.eventLoop = eventLoop
        self.slotWidth = max(slotWidth, .milliseconds(1))
        slots = Array(repeating: [], count: max(slotCount, 2))
    }

    /// Runs `callback` on the loop at `deadline`, or up to one slot after it; beyond the horizon, at the horizon.
    public func schedule(at deadline: NIODeadline, _ callback: @escaping () -> Void) {
        eventLoop.assertInEventLoop()
        if pending == 0 { cursor = slotNumber(ending: eventLoop.now) }
        let wanted = slotNumber(ending: deadline) + 1
        let slot = min(max(wanted, cursor + 1), cursor + Int64(slots.count))
        slots[index(slot)].append(callback)
        pending += 1
        if firing { return }
        if let timer, timer.slot <= slot { return }
        // Earlier than the timer: replaced (a cancel searches all of the loop's scheduled tasks, so not per callback).
        setTimer(slot)
    }

    /// Runs the callbacks of every slot that has ended, then sets the timer for the next slot that holds any.
    private func fire() {
        timer = nil
        firing = true
        let last = min(slotNumber(ending: eventLoop.now), cursor + Int64(slots.count))
        while cursor < last && pending > 0 {
            cursor += 1
            let callbacks = slots[index(cursor)]
            guard !callbacks.isEmpty else { continue }
            slots[index(cursor)] = []
            pending -= callbacks.count
            // A callback may schedule again: into a later slot, never into one already run.
            for callback in callbacks { callback() }
        }
        firing = false
        guard pending > 0 else { return }
        var next = cursor + 1
        while slots[index(next)].isEmpty { next += 1 }
        setTimer(next)
    }

    private func setTimer(_ slot: Int64) {
        timer?.task.cancel()
        let end = NIODeadline.uptimeNanoseconds(UInt64(slot) &* UInt64(slotWidth.nanoseconds))
        let task = eventLoop.scheduleTask(deadline: end) { [weak self] () -> Void in self?.fire() }
        timer = (slot, task)
    }

    /// The last slot that has ended by `deadline`.
    private func slotNumber(ending deadline: NIODeadline) -> Int64 {
        Int64(clamping: deadline.uptimeNanoseconds) / slotWidth.nanoseconds
    }

    private func index(_ slot: Int64) -> Int {
        Int(slot % Int64(slots.count))
    }
}
