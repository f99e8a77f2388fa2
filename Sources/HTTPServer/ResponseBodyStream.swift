/// A response body written over time, such as Server-Sent Events: the server writes the head, then hands the stream
/// a writer. Every call comes on the connection's event loop.
///
/// The server guarantees `closed()` exactly once, whatever happens: after `start(writer:)` when the stream ends
/// (the stream ended it, the client left, the client stopped reading past its deadline, the server is stopping),
/// or instead of `start` when it never begins (a `HEAD` request, a client gone before the head was written).
public protocol ResponseBodyStream: AnyObject, Sendable {
    func start(writer: ResponseBodyWriter)
    /// The connection can take more output again (`writer.isWritable`), or can take no more for now.
    func writabilityChanged(writer: ResponseBodyWriter)
    func closed()
}
