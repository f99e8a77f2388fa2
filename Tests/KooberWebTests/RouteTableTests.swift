import Foundation
import KooberKit
import NIOHTTP1
import TestKit
import Testing

@testable import KooberWeb

/// The route tables (`PathTemplate`, `RouteTable`): every path a template prints parses back to its route and value,
/// hostile paths are answered as they always were (`LegacyRouting`, the prefix-and-suffix matching the tables
/// replaced, is the oracle), and a secret capture never reaches the log.
@Suite struct RouteTableTests {
    static let token = RideShareToken(wellFormed: String(repeating: "A", count: 42) + "E")!

    static let pageValues: [(Route, PathValue)] = [
        (.rideReceipt, .rideID(RideID(42))), (.rideReceipt, .rideID(RideID(1))),
        (.rideReceipt, .rideID(RideID(999_999_999_999_999_999))), (.rateRide, .rideID(RideID(7))),
        (.reportProblem, .rideID(RideID(7))), (.submitReport, .rideID(RideID(7))), (.rideAgain, .rideID(RideID(8))),
        (.cancelScheduledRide, .scheduledRideID(ScheduledRideID(3))), (.sharedRide, .shareToken(token)),
        (.sharedRideEvents, .shareToken(token)),
    ]

    static let apiValues: [(CloudRoute, PathValue)] = [
        (.rateRide, .rideID(RideID(42))), (.reportRide, .rideID(RideID(42))),
        (.cancelScheduledRide, .scheduledRideID(ScheduledRideID(5))), (.renameSavedPlace, .savedPlaceLabel("Home")),
        (.removeSavedPlace, .savedPlaceLabel("Mum's place")), (.removeSavedPlace, .savedPlaceLabel("Café 50%/2")),
        (.renameSavedPlace, .savedPlaceLabel("🏠 ")),
    ]

    @Test func everyPagePrintedWithItsValueParsesBackToItsRouteAndValue() {
        for (route, value) in Self.pageValues {
            let path = route.path(value)
            #expect(Route.match(method: route.method, path: path) == .route(route, capture: value), "\(path)")
        }
        #expect(Route.receiptPath(for: RideID(42)) == "/rides/42")
        #expect(Route.ratingPath(for: RideID(42)) == "/rides/42/rating")
        #expect(Route.reportPath(for: RideID(42)) == "/rides/42/report")
        #expect(Route.rideAgainPath(for: RideID(42)) == "/rides/42/again")
        #expect(Route.cancelScheduledRidePath(for: ScheduledRideID(9)) == "/rides/scheduled/9/cancel")
        #expect(Route.sharePath(for: Self.token) == "/share/" + Self.token.value)
        #expect(Route.newSavedPlacePath(for: PlaceID(7)) == "/places/saved/new?place=7")
    }

    @Test func everyOperationPrintedWithItsValueParsesBackToItsOperationAndValue() {
        for (route, value) in Self.apiValues {
            let path = route.path(value)
            #expect(CloudRoute.match(method: route.method, path: path) == .route(route, capture: value), "\(path)")
        }
        #expect(CloudRoute.rateRide.path(.rideID(RideID(42))) == "/api/v1/rides/42/rating")
        #expect(CloudRoute.removeSavedPlace.path(.savedPlaceLabel("Mum's")) == "/api/v1/places/saved/Mum%27s")
    }

    @Test func templatesPrintTheirPlaceholdersAndEveryTemplatedRouteIsMatchedByIt() {
        #expect(Route.rideReceipt.path == "/rides/{id}")
        #expect(Route.sharedRideEvents.path == "/share/{token}/events")
        #expect(CloudRoute.renameSavedPlace.path == "/api/v1/places/saved/{label}")
        for route in Route.allCases where route.template.capture != nil {
            #expect(Route.match(method: route.method, path: route.path) == .route(route))
        }
    }

    /// Hostile paths, each with what it always came to: the route's name with its value, or the status.
    static let hostile: [(HTTPMethod, String, String)] = [
        (.GET, "/rides/", "rideReceipt nil"),
        (.GET, "/rides/42/", "rideReceipt nil"),
        (.GET, "/rides//", "rideReceipt nil"),
        (.GET, "//rides/42", "404"),
        (.GET, "/rides/0", "rideReceipt nil"),
        (.GET, "/rides/042", "rideReceipt nil"),
        (.GET, "/rides/+42", "rideReceipt nil"),
        (.GET, "/rides/%34%32", "rideReceipt nil"),
        (.GET, "/rides/\u{0664}\u{0662}", "rideReceipt nil"),
        (.GET, "/rides/999999999999999999", "rideReceipt 999999999999999999"),
        (.GET, "/rides/9223372036854775807", "rideReceipt nil"),
        (.GET, "/rides/" + String(repeating: "9", count: 100_000), "rideReceipt nil"),
        (.POST, "/rides/rating", "rateRide nil"),
        (.POST, "/rides//rating", "rateRide nil"),
        (.POST, "/rides/a/b/42/rating", "rateRide nil"),
        (.POST, "/rides/42/rating/", "405"),
        (.GET, "/rides/report", "reportProblem nil"),
        (.POST, "/rides/again", "rideAgain nil"),
        (.POST, "/rides/scheduled/", "cancelScheduledRide nil"),
        (.POST, "/rides/scheduled/cancel", "cancelScheduledRide nil"),
        (.POST, "/rides/scheduled/5", "cancelScheduledRide nil"),
        (.POST, "/rides/scheduled/5/rating", "cancelScheduledRide nil"),
        (.POST, "/rides/scheduled//cancel", "cancelScheduledRide nil"),
        (.GET, "/rides/scheduled/5/cancel", "405"),
        (.GET, "/rides/scheduled", "rideReceipt nil"),
        (.GET, "/share/", "sharedRide nil"),
        (.GET, "/share/events", "sharedRideEvents nil"),
        (.GET, "/share//events", "sharedRideEvents nil"),
        (.GET, "/share/" + token.value + "/", "sharedRide nil"),
        (.GET, "/share/" + token.value + "//events", "sharedRideEvents nil"),
        (.HEAD, "/share/" + token.value, "sharedRide \(token.value)"),
        (.GET, "/share/" + String(repeating: "A", count: 100_000) + "/events", "sharedRideEvents nil"),
        (.GET, "/share", "404"),
        (.GET, "/welcome/", "404"),
        (.GET, "/welcome\u{301}", "404"),
        (.GET, "", "404"),
    ]

    static let hostileAPI: [(HTTPMethod, String, String)] = [
        (.POST, "/api/v1/rides/rating", "rateRide nil"),
        (.POST, "/api/v1/rides/current/rating", "rateRide nil"),
        (.POST, "/api/v1/rides/" + String(repeating: "1", count: 19) + "/report", "reportRide nil"),
        (.DELETE, "/api/v1/rides/scheduled/", "cancelScheduledRide nil"),
        (.DELETE, "/api/v1/rides/scheduled/7/cancel", "cancelScheduledRide nil"),
        (.DELETE, "/api/v1/rides/scheduled/7", "cancelScheduledRide 7"),
        (.GET, "/api/v1/rides/scheduled", "scheduledRides"),
        (.DELETE, "/api/v1/places/saved/", "404"),
        (.DELETE, "/api/v1/places/saved/%FF", "removeSavedPlace nil"),
        (.PATCH, "/api/v1/places/saved/a/b", "renameSavedPlace a/b"),
        (.DELETE, "/api/v1/places/saved/%2F", "removeSavedPlace /"),
        (.GET, "/api/v1/places/saved/x", "405"),
        (.GET, "/api/v1/rides/current", "currentRide"),
        (.GET, "/api/v1/rides//rating", "405"),
    ]

    @Test(arguments: hostile)
    func aHostilePagePathIsAnsweredAsItAlwaysWas(method: HTTPMethod, path: String, expected: String) {
        #expect(Self.describe(Route.match(method: method, path: path)) == expected)
        #expect(expected == LegacyRouting.page(method, path))
    }

    @Test(arguments: hostileAPI)
    func aHostileAPIPathIsAnsweredAsItAlwaysWas(method: HTTPMethod, path: String, expected: String) {
        #expect(Self.describe(CloudRoute.match(method: method, path: path)) == expected)
        #expect(expected == LegacyRouting.api(method, path))
    }

    /// Random paths made of the templates' pieces and hostile bytes, against the matching the tables replaced.
    @Test func randomPathsMatchAsTheyAlwaysDid() {
        var random = SeededGenerator(seed: 42)
        let pieces = [
            "/", "//", "rides", "/rides/", "scheduled/", "/cancel", "/rating", "/report", "/again", "/share/",
            "/events",
            "42", "0", "007", "99999999999999999999", "-1", "%2F", "%FF", "%34", "\u{301}", "é", "\u{0664}", "\r\n",
            "api/v1/", "/api/v1/rides/", "/api/v1/places/saved/", "current", "A", Self.token.value, "?", ".", "..",
        ]
        let methods: [HTTPMethod] = [.GET, .HEAD, .POST, .PUT, .PATCH, .DELETE]
        for _ in 0..<20_000 {
            var path = ""
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                path += pieces[Int.random(in: 0..<pieces.count, using: &random)]
            }
            let method = methods[Int.random(in: 0..<methods.count, using: &random)]
            #expect(
                Self.describe(Route.match(method: method, path: path)) == LegacyRouting.page(method, path), "\(path)")
            #expect(Self.describe(CloudRoute.match(method: method, path: path)) == LegacyRouting.api(method, path))
            #expect(Route.loggedPath(path) == LegacyRouting.loggedPath(path), Comment(rawValue: path.debugDescription))
        }
    }

    @Test func aShareLinksTokenIsLoggedAsItsTemplateAndEveryOtherPathAsItIs() {
        #expect(Route.loggedPath("/share/" + Self.token.value) == "/share/*")
        #expect(Route.loggedPath("/share/" + Self.token.value + "/events") == "/share/*/events")
        #expect(Route.loggedPath("/share/") == "/share/*")
        #expect(Route.loggedPath("/share/x/y") == "/share/*")
        for path in ["/rides/42", "/api/v1/places/saved/Home", "/share", "/", "/api/v1/rides/42/rating", ""] {
            #expect(Route.loggedPath(path) == path)
        }
    }

    /// A match as `LegacyRouting` writes it: the route's name, with its value (or `nil`) when it has a capture.
    static func describe(_ match: RouteMatch<Route>) -> String {
        describe(match) { $0.template.capture != nil }
    }

    static func describe(_ match: RouteMatch<CloudRoute>) -> String {
        describe(match) { $0.template.capture != nil }
    }

    private static func describe<R>(_ match: RouteMatch<R>, hasCapture: (R) -> Bool) -> String {
        switch match {
        case .route(let route, _) where !hasCapture(route): return "\(route)"
        case .route(let route, let capture):
            let value =
                switch capture {
                case .rideID(let id): "\(id.rawValue)"
                case .scheduledRideID(let id): "\(id.rawValue)"
                case .userID(let id): "\(id.rawValue)"
                case .shareToken(let token): token.value
                case .savedPlaceLabel(let label): label
                case .animalID(let id): "\(id.rawValue)"
                case nil: "nil"
                }
            return "\(route) \(value)"
        case .methodNotAllowed: return "405"
        case .notFound: return "404"
        }
    }
}

/// The prefix-and-suffix matching of the pages and the API before the route tables, kept as the tests' oracle.
enum LegacyRouting {
    static func page(_ method: HTTPMethod, _ path: String) -> String {
        var key = path
        var value: String?
        if path.hasPrefix("/rides/") {
            if path.hasPrefix("/rides/scheduled/") {
                key = "cancelScheduledRide"
                if path.hasSuffix("/cancel"), path.utf8.count >= 24 {
                    value = id(path.dropFirst(17).dropLast(7))
                }
            } else {
                let suffixes = [("/rating", "rateRide"), ("/report", "report"), ("/again", "rideAgain")]
                let found = suffixes.first { path.hasSuffix($0.0) }
                key = found?.1 ?? "rideReceipt"
                value = id(path.dropFirst(7).dropLast(found?.0.count ?? 0))
            }
        } else if path.hasPrefix("/share/") {
            key = path.hasSuffix("/events") ? "sharedRideEvents" : "sharedRide"
            value = shareToken(path)
        }
        let captured = key != path
        let routes: [(String, HTTPMethod)] =
            switch captured ? key : "" {
            case "cancelScheduledRide", "rateRide", "rideAgain": [(key, .POST)]
            case "report": [("reportProblem", .GET), ("submitReport", .POST)]
            case "rideReceipt", "sharedRide", "sharedRideEvents": [(key, .GET)]
            default:
                Route.allCases.filter { $0.template.capture == nil && $0.path == key }.map { ("\($0)", $0.method) }
            }
        return pick(method, routes, value: captured ? value ?? "nil" : nil)
    }

    static func api(_ method: HTTPMethod, _ path: String) -> String {
        var key = path
        var value: String?
        if path.hasPrefix("/api/v1/rides/scheduled/") {
            key = "cancelScheduledRide"
            value = id(path.dropFirst(24))
        } else if path.hasPrefix("/api/v1/rides/"), path.hasSuffix("/rating") || path.hasSuffix("/report") {
            key = path.hasSuffix("/rating") ? "rateRide" : "reportRide"
            value = id(path.dropFirst(14).dropLast(7))
        } else if path.hasPrefix("/api/v1/places/saved/"), path.utf8.count > 21 {
            key = "savedPlace"
            value = String(path.dropFirst(21)).removingPercentEncoding
        }
        let captured = key != path
        let routes: [(String, HTTPMethod)] =
            switch captured ? key : "" {
            case "cancelScheduledRide": [(key, .DELETE)]
            case "rateRide", "reportRide": [(key, .POST)]
            case "savedPlace": [("renameSavedPlace", .PATCH), ("removeSavedPlace", .DELETE)]
            default:
                CloudRoute.allCases.filter { $0.template.capture == nil && $0.path == key }.map {
                    ("\($0)", $0.method)
                }
            }
        return pick(method, routes, value: captured ? value ?? "nil" : nil)
    }

    static func loggedPath(_ path: String) -> String {
        guard path.hasPrefix("/share/") else { return path }
        return path.hasSuffix("/events") ? "/share/*/events" : "/share/*"
    }

    private static func pick(_ method: HTTPMethod, _ routes: [(String, HTTPMethod)], value: String?) -> String {
        guard !routes.isEmpty else { return "404" }
        let effective = method == .HEAD ? .GET : method
        guard let route = routes.first(where: { $0.1 == effective }) else { return "405" }
        return value.map { "\(route.0) \($0)" } ?? route.0
    }

    private static func id(_ digits: Substring) -> String? {
        guard (1...18).contains(digits.count), digits.first != "0", digits.allSatisfy({ $0.isASCII && $0.isNumber }),
            let id = Int64(digits)
        else { return nil }
        return "\(id)"
    }

    private static func shareToken(_ path: String) -> String? {
        let utf8 = path.utf8
        guard utf8.count <= 7 + 43 + 7 else { return nil }
        var token = utf8.dropFirst(7)
        if token.count == 50, path.hasSuffix("/events") { token = token.dropLast(7) }
        return RideShareToken(wellFormed: String(decoding: token, as: UTF8.self))?.value
    }
}
