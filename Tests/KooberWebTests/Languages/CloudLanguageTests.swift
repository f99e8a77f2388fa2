import Foundation
import KooberKit
import KooberTestSupport
import NIOHTTP1
import TestBrowsing
import Testing

@testable import KooberWeb

/// Koober Cloud says what is wrong in the language the caller's `Accept-Language` asks for: every error it writes
/// itself (a body or query it cannot read, no token, too large, no ride, a pick-up off the Earth), its title, its
/// message and what is wrong with the field at fault.
@Suite struct CloudLanguageTests {
    /// What an error should say: its title's, message's and field problem's words in a language.
    private struct Expected {
        let status: HTTPResponseStatus
        let title: String
        let message: String
        var field: (name: String, problem: String)?
    }

    private struct Case {
        let method: HTTPMethod
        let path: String
        var body: String?
        var signedIn = false
        var host: String?
        let expected: (Words) -> Expected
    }

    private static func badRequest(
        _ message: String, _ values: KeyValuePairs<String, String> = [:], field: (String, String)? = nil
    ) -> (Words) -> Expected {
        { words in
            Expected(
                status: .badRequest, title: words("errors.badRequest"), message: words(message, values),
                field: field.map { (name: $0.0, problem: words($0.1)) })
        }
    }

    private static var cases: [Case] {
        [
            Case(method: .POST, path: "/signUp", body: "", expected: badRequest("cloud.needsAJSONBody")),
            Case(method: .POST, path: "/signUp", body: "not json", expected: badRequest("cloud.bodyIsNotJSON")),
            Case(
                method: .POST, path: "/signUp",
                body: CloudRequests.signUp().replacingOccurrences(of: "}", with: #","admin":true}"#),
                expected: badRequest(
                    "cloud.aFieldKooberDoesNotKnow", field: ("admin", "cloud.kooberDoesNotKnowThisField"))),
            Case(
                method: .POST, path: "/signUp",
                body: #"{"fullName":"A","nickname":"B","email":"c@d.ee","mobileNumber":"1"}"#,
                expected: badRequest("cloud.aFieldIsMissing", field: ("password", "cloud.thisFieldIsRequired"))),
            Case(
                method: .POST, path: "/signUp",
                body: CloudRequests.signUp().replacingOccurrences(of: #""Skippy Roo""#, with: "7"),
                expected: badRequest(
                    "cloud.aFieldHasTheWrongType", field: ("fullName", "cloud.thisFieldHasTheWrongType"))),
            Case(
                method: .POST, path: "/signUp",
                body: CloudRequests.signUp(fullName: String(repeating: "A", count: 20_000)),
                expected: { words in
                    Expected(
                        status: .payloadTooLarge, title: words("errors.requestTooLarge"),
                        message: words("cloud.bodyTooLarge"))
                }),
            Case(
                method: .GET, path: "/api/v1/me",
                expected: { words in
                    Expected(
                        status: .unauthorized, title: words("cloud.notSignedIn"),
                        message: words("cloud.needsABearerToken"))
                }),
            Case(
                method: .GET, path: "/rideOptions?longitude=151.2", signedIn: true,
                expected: badRequest(
                    "cloud.queryNeeds", ["name": "latitude"], field: ("latitude", "cloud.thisFieldIsRequired"))),
            Case(
                method: .GET, path: "/rideOptions?latitude=south&longitude=151.2", signedIn: true,
                expected: badRequest(
                    "cloud.isNotANumber", ["name": "latitude"], field: ("latitude", "cloud.notANumber"))),
            Case(
                method: .GET, path: "/rideOptions?latitude=100&longitude=151.2", signedIn: true,
                expected: badRequest(
                    "cloud.coordinatesAreNotOnEarth", field: ("latitude", "cloud.latitudeAndLongitudeRange"))),
            Case(
                method: .GET, path: "/rideOptions?latitude=%ZZ", signedIn: true,
                expected: badRequest("cloud.queryIsNotUTF8")),
            Case(
                method: .GET, path: "/api/v1/rides?before=forged", signedIn: true,
                expected: badRequest("cloud.notACursorKooberGave", field: ("before", "cloud.useAnEarlierPagesCursor"))),
            Case(
                method: .GET, path: "/api/v1/me", signedIn: true, host: "",
                expected: badRequest("cloud.needsAHostHeader", field: ("Host", "cloud.aHostNameWithItsPort"))),
            Case(
                method: .GET, path: "/api/v1/rides/current", signedIn: true,
                expected: { words in
                    Expected(status: .notFound, title: words("cloud.noRide"), message: words("cloud.noRideToFollow"))
                }),
            Case(
                method: .POST, path: "/ride",
                body: CloudRequests.ride(pickup: #"{"id":"0","latitude":100,"longitude":151.2}"#), signedIn: true,
                expected: { words in
                    Expected(
                        status: .unprocessableEntity, title: words("cloud.pickupNotOnEarth"),
                        message: words("cloud.pickupIsNotAPlace"),
                        field: (name: "waypoints.pickupLocation", problem: words("cloud.pickupIsNotAPlace")))
                }),
        ]
    }

    @Test(arguments: [Language.english, .chinese, .vietnamese, .arabic])
    func everyErrorKooberCloudWritesIsInTheCallersLanguage(language: Language) async throws {
        let app = try await KooberTestApp()
        let words = try Words.project(language)
        let english = try Words.project(.english)
        let client = app.cloudClient()
        try await client.logIn(email: "johnny@gmail.com", password: "password")
        let token = try #require(client.token)
        for (index, test) in Self.cases.enumerated() {
            client.token = test.signedIn ? token : nil
            var headers = [("Accept-Language", "\(language.tag);q=0.9, tlh;q=0.1")]
            if let host = test.host { headers.append(("Host", host)) }
            try await client.send(test.method, test.path, body: test.body, headers: headers)
            let expected = test.expected(words)
            #expect(client.status == expected.status, "case \(index)")
            let error = try #require(try client.object()["error"] as? [String: Any], "case \(index)")
            #expect(error["title"] as? String == expected.title, "case \(index)")
            #expect(error["message"] as? String == expected.message, "case \(index)")
            let fields = error["fields"] as? [String: String]
            #expect(fields == expected.field.map { [$0.name: $0.problem] }, "case \(index)")
            if language != .english {
                // The words are the language's own, not English's that a missing translation would leave.
                let inEnglish = test.expected(english)
                #expect(expected.title != inEnglish.title && expected.message != inEnglish.message, "case \(index)")
            }
        }
    }

    /// A value a field's type does not take (a raw value no case has) names the field; no request of the API has
    /// such a field today, so the decoder's error is made here.
    @Test(arguments: [Language.english, .arabic])
    func aValueAFieldDoesNotTakeIsSaidInTheCallersWords(language: Language) throws {
        struct Key: CodingKey {
            let stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }
        let words = try Words.project(language)
        let error = CloudError(
            decoding: .dataCorrupted(
                .init(codingPath: [Key(stringValue: "label")], debugDescription: "Cannot initialize Label")))
        let message = error.message(words)
        #expect(error.status == .badRequest)
        #expect(message.message == words("cloud.aFieldHasAValueKooberDoesNotTake"))
        #expect(message.fieldErrors == ["label": words("cloud.kooberDoesNotTakeThisValue")])
    }
}
