/// Anything that answers requests. Responders never throw: errors become responses (a 500 page at worst).
public protocol Responder: Sendable {
    func respond(to request: Request) async -> Response
}

/// A step around a responder: it may answer itself or ask `next`.
public protocol Middleware: Sendable {
    func respond(to request: Request, next: any Responder) async -> Response
}

/// A responder made of a closure.
public struct ClosureResponder: Responder {
    private let body: @Sendable (Request) async -> Response

    public init(_ body: @escaping @Sendable (Request) async -> Response) {
        self.body = body
    }

    public func respond(to request: Request) async -> Response {
        await body(request)
    }
}

extension Responder {
    /// This responder with `middleware` in front of it.
    public func with(_ middleware: any Middleware) -> any Responder {
        MiddlewareResponder(middleware: middleware, next: self)
    }
}

private struct MiddlewareResponder: Responder {
    let middleware: any Middleware
    let next: any Responder

    func respond(to request: Request) async -> Response {
        await middleware.respond(to: request, next: next)
    }
}
