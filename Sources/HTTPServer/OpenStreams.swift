import NIOCore
import Synchronization

/// The server's streaming responses now open, so that a stopping server ends them at once: a stream has no end of
/// its own to wait for, and the graceful stop would otherwise wait out its whole bound.
package final class OpenStreams: Sendable {
    private let writers = Mutex<[ObjectIdentifier: ResponseBodyWriter]>([:])

    package init() {}

    package var count: Int { writers.withLock { $0.count } }

    package func opened(_ writer: ResponseBodyWriter, id: ObjectIdentifier) {
        writers.withLock { $0[id] = writer }
    }

    package func closed(id: ObjectIdentifier) {
        _ = writers.withLock { $0.removeValue(forKey: id) }
    }

    /// Ends every open stream, each on its own event loop.
    package func endAll() {
        for writer in writers.withLock({ Array($0.values) }) {
            writer.eventLoop.execute { writer.end() }
        }
    }
}
