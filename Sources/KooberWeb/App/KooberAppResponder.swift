import HTTPServer
import Logging
import NIOHTTP1

/// Koober's front door: matches the route, dispatches exhaustively, and turns any error into the 500 page.
struct KooberAppResponder: Responder {
    let container: KooberAppDependencyContainer

    func respond(to request: Request) async -> Response {
        let errorPages = container.makeErrorPages()
        switch Route.match(method: request.method, path: request.path) {
        case .notFound:
            return errorPages.response(.notFound)
        case .methodNotAllowed(let allowed):
            var response = errorPages.response(.methodNotAllowed)
            response.headers.replaceOrAdd(name: "Allow", value: allowed.map(\.rawValue).joined(separator: ", "))
            return response
        case .route(let route):
            return await UnexpectedErrorResponder(errorPages: errorPages, logger: container.logger)
                .respond(to: request) { try await respond(to: route, request: request) }
        }
    }

    private func respond(to route: Route, request: Request) async throws -> Response {
        switch route {
        case .launch:
            return .redirect(to: Route.welcome.path)
        case .welcome:
            return container.templates.response(.welcome, WelcomeViewState())
        case .signIn, .signUp:
            // Accounts arrive with the accounts issue; until then these pages do not exist.
            return container.makeErrorPages().response(.notFound)
        case .healthCheck:
            return .text("ok")
        }
    }
}
