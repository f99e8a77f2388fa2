import NIOCore

/// Runs a task's jobs on one event loop: a responder's task prefers its connection's loop, so it starts and ends
/// there, and its response is written without a thread hop.
///
/// Only code that is not isolated to an actor runs here; the responders' blocking work (SQLite, argon2id) already
/// runs on thread pools of its own, and a task that awaits it comes back to the loop afterwards.
final class EventLoopTaskExecutor: TaskExecutor {
    let eventLoop: any EventLoop

    init(eventLoop: any EventLoop) {
        self.eventLoop = eventLoop
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        eventLoop.execute {
            job.runSynchronously(on: self.asUnownedTaskExecutor())
        }
    }
}
