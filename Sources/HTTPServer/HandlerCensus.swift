import Synchronization

/// How many connections' request handlers are alive now, counted by their own `init` and `deinit`: a connection that
/// has closed must leave nothing behind, and a handler that outlives its connection is a leak of its whole pipeline
/// (issue 41: a handler that kept its `ChannelHandlerContext` after removal kept itself, its context and the
/// pipeline alive, about 1.1 KB for every connection ever made). Tests read it (`HTTPServer.liveRequestHandlers`).
package final class HandlerCensus: Sendable {
    private let alive = Atomic<Int>(0)

    package init() {}

    /// The handlers alive now.
    package var count: Int { alive.load(ordering: .relaxed) }

    func born() {
        alive.add(1, ordering: .relaxed)
    }

    func died() {
        alive.subtract(1, ordering: .relaxed)
    }
}
