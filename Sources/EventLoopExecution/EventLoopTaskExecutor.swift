import NIOCore
import NIOPosix

/// Runs a task's jobs on one event loop: a responder's task prefers its connection's loop, so it starts and ends
/// there, and its response is written without a thread hop; the work a responder starts (a PostgreSQL call's task)
/// prefers the same loop (`current`).
///
/// Only code that is not isolated to an actor runs here; the responders' blocking work (SQLite, argon2id) already
/// runs on thread pools of its own, and a task that awaits it comes back to the loop afterwards.
public final class EventLoopTaskExecutor: TaskExecutor {
    public let eventLoop: any EventLoop

    public init(eventLoop: any EventLoop) {
        self.eventLoop = eventLoop
    }

    /// An executor on the event loop this code runs on, or `nil` off every loop of NIO's.
    public static var current: EventLoopTaskExecutor? {
        MultiThreadedEventLoopGroup.currentEventLoop.map(EventLoopTaskExecutor.init)
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        eventLoop.execute {
            job.runSynchronously(on: self.asUnownedTaskExecutor())
        }
    }
}
