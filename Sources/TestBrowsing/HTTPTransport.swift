import HTTPServer

/// How a `TestBrowser` gets a request to the app and its response back.
public protocol HTTPTransport: Sendable {
    func send(_ request: Request) async throws -> Response
}

/// Hands requests straight to a `Responder` in the same process: no sockets, no HTTP parsing, fast.
public struct InProcessTransport: HTTPTransport {
    private let responder: any Responder

    public init(responder: any Responder) {
        self.responder = responder
    }

    public func send(_ request: Request) async throws -> Response {
        await responder.respond(to: request)
    }
}
