import NIOCore
import NIOHTTP1

extension Response {
    /// The headers of an answer the server writes before closing the connection, outside `HTTPRequestHandler`
    /// (`HTTPProtocolErrorHandler`'s 400 and 431, `ConnectionTimeoutHandler`'s 408): its own, and `Content-Length`,
    /// `Date` and `Connection: close`.
    var closingHeaders: HTTPHeaders {
        var headers = self.headers
        headers.replaceOrAdd(name: "Content-Length", value: String(body.readableBytes))
        headers.replaceOrAdd(name: "Date", value: HTTPDate.now())
        headers.replaceOrAdd(name: "Connection", value: "close")
        return headers
    }

    /// The response as HTTP/1.1 bytes, with `Content-Length`, `Date` and `Connection: close`: for an answer written
    /// past the HTTP handlers (the `408` of `ConnectionTimeoutHandler`), whose encoder is still waiting for a request.
    func closingBytes(allocator: ByteBufferAllocator) -> ByteBuffer {
        var bytes = allocator.buffer(capacity: 256 + body.readableBytes)
        bytes.writeString("HTTP/1.1 \(status.code) \(status.reasonPhrase)\r\n")
        for (name, value) in closingHeaders {
            bytes.writeString("\(name): \(value)\r\n")
        }
        bytes.writeString("\r\n")
        bytes.writeImmutableBuffer(body)
        return bytes
    }
}
