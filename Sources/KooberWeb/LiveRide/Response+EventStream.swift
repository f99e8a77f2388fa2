import HTTPServer

extension Response {
    /// 200 with `stream` as Server-Sent Events (the ride's, a shared ride's, Koober Ops' fleet): never stored, never
    /// sniffed as something else, and never held back by a proxy such as nginx in its buffers.
    static func eventStream(_ stream: any ResponseBodyStream) -> Response {
        var response = Response(
            status: .ok,
            headers: [
                "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-store",
                "X-Content-Type-Options": "nosniff", "X-Accel-Buffering": "no",
            ]
        )
        response.bodyStream = stream
        return response
    }
}
