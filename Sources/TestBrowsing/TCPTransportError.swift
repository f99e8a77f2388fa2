/// Why `TCPTransport` got no complete response.
public enum TCPTransportError: Error, Equatable, CustomStringConvertible {
    /// No complete response arrived within the transport's timeout.
    case timedOut(host: String, port: Int)
    /// The server closed the connection before the end of a response.
    case connectionClosedEarly(host: String, port: Int)

    public var description: String {
        switch self {
        case .timedOut(let host, let port):
            "no complete response from \(host):\(port) in time"
        case .connectionClosedEarly(let host, let port):
            "\(host):\(port) closed the connection before the response ended"
        }
    }
}
