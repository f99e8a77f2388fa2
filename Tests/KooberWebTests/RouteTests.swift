import NIOHTTP1
import Testing

@testable import KooberWeb

@Suite struct RouteTests {
    @Test(arguments: Route.allCases)
    func everyRouteParsesFromThePathItPrints(route: Route) {
        #expect(Route.match(method: route.method, path: route.path) == .route(route))
    }

    @Test func headReachesGetRoutes() {
        #expect(Route.match(method: .HEAD, path: "/welcome") == .route(.welcome))
    }

    @Test func aKnownPathWithAnotherMethodIsNotAllowedAndSaysWhatIs() {
        #expect(Route.match(method: .DELETE, path: "/welcome") == .methodNotAllowed(allowed: [.GET, .HEAD]))
    }

    @Test(arguments: ["/welcome/", "/WELCOME", "/nowhere", "", "/%77elcome", "//welcome"])
    func unknownPathsAreNotFound(path: String) {
        #expect(Route.match(method: .GET, path: path) == .notFound)
    }

    @Test func everyRouteHasItsOwnMethodAndPath() {
        let keys = Route.allCases.map { "\($0.method) \($0.path)" }
        #expect(Set(keys).count == keys.count)
    }
}
