import Foundation
import KooberKit
import KooberTestSupport
import KooberWeb
import Testing

/// Koober Cloud's operations (SPEC.md, "Koober Cloud"), called in process as the book's app calls them: the keys of
/// every answer exactly, and each error with its status and the field at fault.
@Suite struct KooberCloudTests {
    @Test func logInAnswersTheProfileAndATokenWithTheBooksKeys() async throws {
        let app = try await KooberTestApp()
        let client = app.cloudClient()
        try await client.logIn(email: "johnny@gmail.com", password: "password")
        #expect(client.status == .ok)
        #expect(client.response?.headers.first(name: "Content-Type") == "application/json")
        let payload = try client.object()
        #expect(Set(payload.keys) == ["profile", "token"])
        let profile = try #require(payload["profile"] as? [String: Any])
        #expect(Set(profile.keys) == ["name", "email", "mobileNumber", "avatar"])
        #expect(profile["name"] as? String == "Johnny Appleseed")
        #expect(profile["mobileNumber"] as? String == "510-736-8754")
        let avatar = try #require(profile["avatar"] as? String)
        #expect(avatar.hasPrefix("http://localhost/images/app/avatar-") && avatar.contains(".png?v="))
        #expect(RandomToken.isWellFormed(try #require(client.token)))
    }

    @Test func aWrongPasswordAndAnUnknownEmailAreTheSame401() async throws {
        let app = try await KooberTestApp()
        let client = app.cloudClient()
        try await client.logIn(email: "johnny@gmail.com", password: "wrong-password")
        let wrong = (client.status, client.response?.bodyText)
        try await client.logIn(email: "nobody@example.com", password: "wrong-password")
        #expect(client.status == .unauthorized)
        #expect(wrong.0 == .unauthorized && wrong.1 == client.response?.bodyText)
        #expect(client.response?.headers.first(name: "WWW-Authenticate")?.hasPrefix("Basic") == true)
        let error = try #require(try client.object()["error"] as? [String: Any])
        #expect(error["title"] as? String == "Sign In Failed")
        #expect(client.token == nil)
        // No credentials at all, and credentials that are not base64: the same 401.
        try await client.send(.POST, "/login")
        #expect(client.status == .unauthorized)
        try await client.send(.POST, "/login", headers: [("Authorization", "Basic %%%")])
        #expect(client.status == .unauthorized)
    }

    @Test func signUpStoresTheAccountAndSignsIn() async throws {
        let app = try await KooberTestApp()
        let client = app.cloudClient()
        try await client.send(.POST, "/signUp", body: CloudRequests.signUp())
        #expect(client.status == .ok)
        let payload = try client.object()
        let profile = try #require(payload["profile"] as? [String: Any])
        #expect(profile["name"] as? String == "Skippy Roo" && profile["email"] as? String == "skippy@example.com")
        client.token = payload["token"] as? String
        try await client.send(.GET, "/api/v1/me")
        #expect(try client.object()["nickname"] as? String == "Skippy")
        // The account is the web's too.
        let browser = app.browser()
        try await browser.signIn(email: "skippy@example.com", password: "hop-hop-hop")
        #expect(browser.path == "/ride")
    }

    @Test func signUpSaysWhatIsWrongWithEachFieldByItsKey() async throws {
        let app = try await KooberTestApp()
        let client = app.cloudClient()
        try await client.send(
            .POST, "/signUp", body: CloudRequests.signUp(fullName: " ", email: "nope", password: "short"))
        #expect(client.status == .unprocessableEntity)
        let error = try #require(try client.object()["error"] as? [String: Any])
        let fields = try #require(error["fields"] as? [String: String])
        #expect(Set(fields.keys) == ["fullName", "email", "password"])

        try await client.send(.POST, "/signUp", body: CloudRequests.signUp(email: "JOHNNY@gmail.com"))
        #expect(client.status == .conflict)
        let taken = try #require(try client.object()["error"] as? [String: Any])
        #expect(
            (taken["fields"] as? [String: String])?["email"]
                == "This email is already registered. Try signing in instead.")
    }

    @Test(arguments: [
        (
            #"{"fullName":"A","nickname":"B","email":"c@d.ee","mobileNumber":"1","password":"12345678","admin":true}"#,
            "admin"
        ),
        (#"{"fullName":"A","nickname":"B","email":"c@d.ee","mobileNumber":"1"}"#, "password"),
        (#"{"fullName":7,"nickname":"B","email":"c@d.ee","mobileNumber":"1","password":"12345678"}"#, "fullName"),
    ])
    func aBodyWithAnUnknownMissingOrMistypedKeyIsA400NamingIt(body: String, field: String) async throws {
        let app = try await KooberTestApp()
        let client = app.cloudClient()
        try await client.send(.POST, "/signUp", body: body)
        #expect(client.status == .badRequest)
        let error = try #require(try client.object()["error"] as? [String: Any])
        #expect((error["fields"] as? [String: String])?.keys.contains(field) == true)
        #expect(try await app.container.services.userRepository.credentials(forEmail: "c@d.ee") == nil)
    }

    @Test(arguments: ["", "not json", "[1, 2]", "{\"fullName\": \"\u{FFFD}", "\u{0}"])
    func aBodyThatIsNotAJSONObjectIsA400(body: String) async throws {
        let app = try await KooberTestApp()
        let client = app.cloudClient()
        try await client.send(.POST, "/signUp", body: body)
        #expect(client.status == .badRequest)
        #expect(try client.object()["error"] != nil)
    }

    @Test func anOversizedBodyIsA413AndReadNoFurther() async throws {
        let app = try await KooberTestApp()
        let client = app.cloudClient()
        try await client.send(
            .POST, "/signUp", body: CloudRequests.signUp(fullName: String(repeating: "A", count: 20_000)))
        #expect(client.status == .payloadTooLarge)
    }

    @Test func rideOptionsAreTheThreeSmallestFirstWithPNGsAtEachScale() async throws {
        let app = try await KooberTestApp()
        let client = app.cloudClient()
        try await client.logIn(email: "johnny@gmail.com", password: "password")
        try await client.send(.GET, "/rideOptions?" + CloudRequests.sydneyQuery)
        #expect(client.status == .ok)
        let options = try client.array()
        #expect(options.map { $0["id"] as? String } == ["wallabee", "wallaroo", "kangaroo"])
        #expect(options.map { $0["name"] as? String } == ["Wallabee", "Wallaroo", "Kangaroo"])
        for option in options {
            #expect(
                Set(option.keys) == [
                    "id", "name", "segmentImageLocation", "segmentSelectedImageLocation",
                    "availableMapMarkerImageLocation",
                ])
            let image = try #require(option["segmentSelectedImageLocation"] as? [String: String])
            #expect(Set(image.keys) == ["at1xURL", "at2xURL", "at3xURL"])
            #expect(image["at2xURL"]?.contains("-segment-selected@2x.png?v=") == true)
        }
    }

    @Test(arguments: [
        "", "latitude=-33.86", "latitude=abc&longitude=151", "latitude=91&longitude=151",
        "latitude=nan&longitude=151", "latitude=1e999&longitude=151", "latitude=%ZZ&longitude=1",
    ])
    func coordinatesThatAreMissingOrNotAPointAreA400(query: String) async throws {
        let app = try await KooberTestApp()
        let client = app.cloudClient()
        try await client.logIn(email: "johnny@gmail.com", password: "password")
        try await client.send(.GET, "/locations?" + query)
        #expect(client.status == .badRequest)
    }

    @Test func locationsAreRankedAsThePickerRanksThem() async throws {
        let app = try await KooberTestApp()
        let client = app.cloudClient()
        try await client.logIn(email: "johnny@gmail.com", password: "password")
        try await client.send(.GET, "/locations?query=opera&" + CloudRequests.sydneyQuery)
        let places = try client.array()
        #expect(places.first?["name"] as? String == "Opera House")
        let location = try #require(places.first?["location"] as? [String: Any])
        #expect(location["id"] as? String == "1")
        #expect(location["latitude"] as? Double == -33.858667 && location["longitude"] as? Double == 151.214028)

        // The picker's own order, from the same use case: every place, nearest first, for an empty search.
        try await client.send(.GET, "/locations?query=&" + CloudRequests.sydneyQuery)
        let all = try client.array()
        let expected = try await SearchDropoffLocationsUseCase(
            query: "", pickupLocation: SydneyLocator.sydney, placeRepository: app.container.services.placeRepository
        ).run()
        #expect(all.map { $0["name"] as? String } == expected.map(\.name))

        try await client.send(
            .GET, "/locations?query=\(String(repeating: "a", count: 101))&" + CloudRequests.sydneyQuery)
        #expect(client.status == .unprocessableEntity)
    }

    @Test func aRideRequestedByTheAPIIsFollowedAndCancelledThere() async throws {
        let app = try await KooberTestApp(rideClockRate: 60)
        let client = app.cloudClient()
        try await client.logIn(email: "johnny@gmail.com", password: "password")
        try await client.send(.GET, "/api/v1/rides/current")
        #expect(client.status == .notFound)

        let answer = try await client.send(.POST, "/ride", body: CloudRequests.ride())
        #expect(answer.status == .ok && answer.body.readableBytes == 0)
        try await client.send(.GET, "/api/v1/rides/current")
        var ride = try client.object()
        #expect(ride["status"] as? String == "finding")
        #expect(ride["headline"] as? String == "Finding your Wallaroo…")
        #expect(ride["eta_seconds"] is NSNull && ride["position"] is NSNull && ride["animal"] is NSNull)
        #expect(ride["eta"] is NSNull)
        #expect((ride["dropoffLocation"] as? [String: Any])?["name"] as? String == "Opera House")

        try await app.container.rideDispatcher.runOnce()
        try await client.send(.GET, "/api/v1/rides/current")
        ride = try client.object()
        #expect(ride["status"] as? String == "on_the_way")
        #expect(ride["eta_seconds"] is Int && ride["position"] is [String: Any])
        #expect((ride["eta"] as? String)?.hasPrefix("Arrives in ") == true, "\(ride)")
        #expect((ride["animal"] as? String)?.hasSuffix(" the Wallaroo") == true)

        // A second ride while this one is on its way is a conflict, and stores nothing.
        try await client.send(.POST, "/ride", body: CloudRequests.ride(option: "kangaroo"))
        #expect(client.status == .conflict)

        try await client.send(.POST, "/api/v1/rides/current/cancel")
        #expect(client.status == .ok)
        #expect(try client.object()["status"] as? String == "cancelled")
        #expect(try client.object()["fare"] as? String == "A$0.00")
        try await client.send(.POST, "/api/v1/rides/current/cancel")
        #expect(client.status == .notFound)

        try await client.send(.GET, "/api/v1/rides")
        let history = try client.object()
        #expect((history["rides"] as? [[String: Any]])?.map { $0["status"] as? String } == ["cancelled"])
        #expect(history["next"] is NSNull)
    }

    @Test(arguments: [
        (CloudRequests.ride(option: "emu"), "rideOptionID"),
        (
            CloudRequests.ride(dropoff: #"{"id":"99999","latitude":-33.858667,"longitude":151.214028}"#),
            "waypoints.dropoffLocation"
        ),
        (
            CloudRequests.ride(dropoff: #"{"id":"not a number","latitude":-33.858667,"longitude":151.214028}"#),
            "waypoints.dropoffLocation"
        ),
        (
            CloudRequests.ride(dropoff: #"{"id":"1","latitude":-33.8,"longitude":151.214028}"#),
            "waypoints.dropoffLocation"
        ),
        (CloudRequests.ride(pickup: #"{"id":"0","latitude":51.5,"longitude":-0.12}"#), "waypoints.pickupLocation"),
        (CloudRequests.ride(pickup: #"{"id":"0","latitude":123,"longitude":-0.12}"#), "waypoints.pickupLocation"),
    ])
    func aForgedRideIsA422NamingTheFieldAndStoresNothing(body: String, field: String) async throws {
        let app = try await KooberTestApp()
        let client = app.cloudClient()
        try await client.logIn(email: "johnny@gmail.com", password: "password")
        try await client.send(.POST, "/ride", body: body)
        #expect(client.status == .unprocessableEntity)
        let error = try #require(try client.object()["error"] as? [String: Any])
        #expect((error["fields"] as? [String: String])?.keys.contains(field) == true)
        #expect(try await app.container.services.rideRepository.followedRide(userID: UserID(1)) == nil)
    }

    @Test func theHistoryPagesWithAnOpaqueCursorAndRefusesAForgedOne() async throws {
        let app = try await KooberTestApp(rideClockRate: 60)
        let client = app.cloudClient()
        try await client.logIn(email: "johnny@gmail.com", password: "password")
        for _ in 0..<21 {
            try await client.send(.POST, "/ride", body: CloudRequests.ride())
            #expect(client.status == .ok)
            try await client.send(.POST, "/api/v1/rides/current/cancel")
            app.clock.advance(by: 1)
        }
        try await client.send(.GET, "/api/v1/rides")
        let first = try client.object()
        let ids = (first["rides"] as? [[String: Any]])?.compactMap { $0["id"] as? String } ?? []
        #expect(ids.count == 20 && ids.first == "21")
        let next = try #require(first["next"] as? String)
        try await client.send(.GET, "/api/v1/rides?before=\(next)")
        #expect((try client.object()["rides"] as? [[String: Any]])?.map { $0["id"] as? String } == ["1"])
        try await client.send(.GET, "/api/v1/rides?before=forged")
        #expect(client.status == .badRequest)
    }

    @Test func unknownPathsAndMethodsOfTheAPIAreJSONErrors() async throws {
        let app = try await KooberTestApp()
        let client = app.cloudClient()
        try await client.send(.GET, "/api/v1/nothing")
        #expect(client.status == .notFound)
        #expect(try client.object()["error"] != nil)
        try await client.send(.GET, "/login")
        #expect(client.status == .methodNotAllowed)
        #expect(client.response?.headers.first(name: "Allow") == "POST")
        // `/ride` is the page's and the API's: the 405 names both, as a page.
        try await client.send(.PUT, "/ride")
        #expect(client.status == .methodNotAllowed)
        #expect(client.response?.headers.first(name: "Allow") == "GET, HEAD, POST")
    }

    @Test func theOpenAPIDocumentIsServedAndNamesEveryOperation() async throws {
        let app = try await KooberTestApp()
        let client = app.cloudClient()
        try await client.send(.GET, "/api/openapi.json")
        #expect(client.status == .ok)
        #expect(client.response?.headers.first(name: "Content-Type")?.hasPrefix("application/json") == true)
        let document = try client.object()
        #expect(document["openapi"] as? String == "3.1.0")
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        for route in CloudRoute.allCases {
            #expect(paths[route.path]?[route.method.rawValue.lowercased()] != nil, "\(route) is documented")
        }
        #expect(paths.values.map(\.count).reduce(0, +) == CloudRoute.allCases.count)
    }
}
