import HTTPServer
import KooberKit
import NIOCore
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

    // MARK: The route's input (RouteRequest)

    private func parsed(_ method: HTTPMethod, _ uri: String, form: String? = nil) throws -> RouteRequest? {
        let request = Request(
            method: method, uri: uri,
            headers: form == nil ? [:] : ["Content-Type": "application/x-www-form-urlencoded"],
            body: ByteBuffer(string: form ?? ""))
        guard case .route(let route, let capture) = Route.match(method: method, path: request.path) else { return nil }
        return try RouteRequest(route, capture: capture, request)
    }

    @Test func aReceiptsPathCarriesItsRideIDOrNoneForAnythingElse() throws {
        #expect(try parsed(.GET, "/rides/42") == .rideReceipt(RideID(42)))
        for path in ["/rides/", "/rides/0", "/rides/042", "/rides/-1", "/rides/1e3", "/rides/99999999999999999999"] {
            #expect(try parsed(.GET, path) == .rideReceipt(nil), "\(path)")
        }
    }

    @Test func rideAgainAndSaveCarryTheirIDsOrNone() throws {
        #expect(
            try parsed(.POST, "/rides/42/again", form: "csrf_token=t") == .submit(.rideAgain(RideID(42)), token: "t"))
        #expect(try parsed(.POST, "/rides/x/again", form: "") == .submit(.rideAgain(nil), token: nil))
        #expect(try parsed(.GET, "/places/saved/new?place=7") == .newSavedPlace(PlaceID(7)))
        #expect(try parsed(.GET, "/places/saved/new?place=seven") == .newSavedPlace(nil))
        #expect(
            try parsed(.POST, "/places/saved/new", form: "place_id=7&label=own&own_label=Gym&csrf_token=t")
                == .submit(.savePlace(PlaceID(7), choice: "own", ownLabel: "Gym"), token: "t"))
    }

    @Test func aRidesRatingAndReportCarryItsRideIDAndTheirFieldsCapped() throws {
        #expect(try parsed(.GET, "/rides/42/report") == .reportProblem(RideID(42)))
        #expect(try parsed(.GET, "/rides/042/report") == .reportProblem(nil))
        #expect(Route.match(method: .GET, path: "/rides/42/rating") == .methodNotAllowed(allowed: [.POST]))
        #expect(
            try parsed(
                .POST, "/rides/42/rating",
                form: "stars=4&compliment=friendly&compliment=smooth_hops&tip=other&tip_other=12.50&csrf_token=t")
                == .submit(
                    .rateRide(
                        RideID(42),
                        RatingForm(
                            stars: 4, compliments: ["friendly", "smooth_hops"], tipChoice: "other",
                            otherAmount: "12.50")),
                    token: "t"))
        let forged = try parsed(
            .POST, "/rides/x/rating",
            form: "stars=123&tip=99999999999&tip_other=\(String(repeating: "1", count: 5_000))"
                + String(repeating: "&compliment=a", count: 50))
        guard case .submit(.rateRide(let rideID, let form), _) = forged else {
            Issue.record("not a rating: \(String(describing: forged))")
            return
        }
        #expect(rideID == nil)
        #expect(form.stars == 0)
        #expect(form.compliments.count == RatingForm.maximumCompliments)
        #expect(form.tip == .cents(-1))
        #expect(form.otherAmount.utf8.count == TipAmount.maximumTextLength + 1)
        #expect(
            try parsed(.POST, "/rides/42/report", form: "category=fare&what_happened=Too%20much")
                == .submit(.reportProblem(RideID(42), category: "fare", text: "Too much"), token: nil))
    }

    @Test func queriesAndHeadersAreReadIntoTheirCases() throws {
        #expect(try parsed(.GET, "/ride/dropoff?q=Opera%20House") == .dropoffPicker(query: "Opera House"))
        #expect(try parsed(.GET, "/ride/dropoff") == .dropoffPicker(query: ""))
        #expect(try parsed(.GET, "/profile/rides?before=abc") == .rideHistory(before: "abc"))
        #expect(try parsed(.GET, "/profile/rides") == .rideHistory(before: nil))
        #expect(try parsed(.GET, "/password/reset?token=abc") == .resetPassword(token: "abc"))
        #expect(try parsed(.GET, "/password/reset") == .resetPassword(token: ""))
        #expect(try parsed(.GET, "/email/confirm?token=a%2Bb") == .confirmEmail(token: "a+b"))
        #expect(try parsed(.GET, "/password/forgot?token=abc") == .forgotPassword)
    }

    @Test func aFormPostCarriesItsTypedValuesAndItsToken() throws {
        #expect(
            try parsed(.POST, "/signin", form: "email=a%40b.c&password=p%26q&csrf_token=t")
                == .submit(.signIn(email: "a@b.c", password: "p&q"), token: "t"))
        #expect(try parsed(.POST, "/signin", form: "") == .submit(.signIn(email: "", password: ""), token: nil))
        #expect(
            try parsed(.POST, "/ride/dropoff", form: "place_id=7&csrf_token=t")
                == .submit(.selectDropoff(PlaceID(7)), token: "t"))
        #expect(try parsed(.POST, "/ride/confirm", form: "") == .submit(.confirmRide(rideOptionID: nil), token: nil))
        #expect(
            try parsed(.POST, "/profile/password", form: "currentPassword=a&newPassword=b")
                == .submit(.changePassword(currentPassword: "a", newPassword: "b"), token: nil))
        #expect(
            try parsed(.POST, "/password/forgot", form: "email=a%40b.c&csrf_token=t")
                == .submit(.requestPasswordReset(email: "a@b.c"), token: "t"))
        // The link's token is the form's, never the action's query.
        #expect(
            try parsed(.POST, "/password/reset?token=q", form: "token=f&newPassword=p&csrf_token=t")
                == .submit(.resetPassword(token: "f", newPassword: "p"), token: "t"))
        #expect(
            try parsed(.POST, "/password/reset", form: "")
                == .submit(.resetPassword(token: "", newPassword: ""), token: nil))
        #expect(
            try parsed(.POST, "/profile/email/confirmation", form: "csrf_token=t")
                == .submit(.sendEmailConfirmation, token: "t"))
    }

    @Test func anUndecodableQueryOrFormThrows() {
        #expect(throws: FormDecodingError.self) { try parsed(.GET, "/ride/dropoff?q=%FF") }
        #expect(throws: FormDecodingError.self) { try parsed(.POST, "/signout", form: "csrf_token=%ZZ") }
    }
}
