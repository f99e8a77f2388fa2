import Foundation
import KooberKit
import KooberTestSupport
import TestBrowsing
import TestKit
import Testing

@testable import KooberWeb

/// `GET /ride/events` tells a ride's headlines in the watcher's language: the account's, chosen with the Language
/// form; English for a rider who never chose.
@Suite struct LanguageStreamTests {
    private struct Told: Equatable {
        let status: String
        let headline: String
        /// The time to come as the page shows it; `nil` where there is none.
        let eta: String?
        let etaSeconds: Int?
    }

    /// Each event's status and headline, as its JSON says.
    private func told(_ client: EventStreamClient) -> [Told] {
        client.events.compactMap { event in
            guard let json = try? JSONSerialization.jsonObject(with: Data(event.data.utf8)) as? [String: Any],
                let status = json["status"] as? String, let headline = json["headline"] as? String
            else { return nil }
            return Told(
                status: status, headline: headline, eta: json["eta"] as? String, etaSeconds: json["eta_seconds"] as? Int
            )
        }
    }

    /// A new rider who chose `language` with the Language form (none: never chose) and requested a Wallaroo to the
    /// Opera House through pages in it; returns the `Cookie` header of their session.
    private func riderWithRide(_ app: KooberTestApp, choosing language: Language?) async throws -> String {
        let browser = app.browser()
        try await browser.signUp(TestBrowser.Account())
        if let language {
            let name = ["ar": "العربية", "vi": "Tiếng Việt", "zh-Hans": "中文"][language.tag] ?? "English"
            try await browser.press(name)
            #expect(try browser.first("/html")?[attribute: "lang"] == language.tag)
        }
        let words = try Words.project(language ?? .english)
        try await browser.clickLink(words("ride.whereTo"))
        try await browser.press("Opera House")
        try browser.choose("Wallaroo")
        try await browser.press(words("ride.confirmButton"))
        #expect(try browser.rideStatus() == "finding")
        return "koober_session=\(try #require(browser.cookie(named: "koober_session")).value)"
    }

    /// Follows the ride from its first event to its end (the clock moved past it), and returns what it told.
    private func follow(_ app: KooberTestApp, cookie: String) async throws -> [Told] {
        try await app.withServer { port in
            let client = try await EventStreamClient.open(port: port, headers: [("Cookie", cookie)])
            #expect(try await client.wait { $0.events.count >= 1 })
            try await app.container.rideDispatcher.runOnce()
            app.clock.advance(by: 2 * 60 * 60)
            try await app.container.rideDispatcher.runOnce()
            #expect(try await client.wait { $0.isClosed })
            return told(client)
        }
    }

    @Test(arguments: [Language.arabic, .vietnamese, .chinese])
    func aRiderWhoChoseALanguageIsToldTheRideInIt(language: Language) async throws {
        let app = try await KooberTestApp()
        let cookie = try await riderWithRide(app, choosing: language)
        let told = try await follow(app, cookie: cookie)
        let words = try Words.project(language)
        #expect(told.map(\.status) == ["finding", "on_the_way", "arrived", "riding", "finished"])
        #expect(told.first?.headline == words("ride.headline.finding", ["rideOption": "Wallaroo"]))
        #expect(
            told.first { $0.status == "riding" }?.headline == words("ride.headline.riding", ["dropoff": "Opera House"]))
        #expect(told.last?.headline == words("ride.headline.finished"))
        // The time to come is worded by the server in the rider's language: the page's script writes no words.
        let onTheWay = try #require(told.first { $0.status == "on_the_way" })
        let minutes = max(1, (try #require(onTheWay.etaSeconds) + 59) / 60)
        #expect(onTheWay.eta == words.counting("ride.eta.arrives", minutes))
        #expect(told.first { $0.status == "finding" }?.eta == nil)
        let english = try Words.project(.english)
        #expect(told.first?.headline != english("ride.headline.finding", ["rideOption": "Wallaroo"]))
        #expect(told.last?.headline != english("ride.headline.finished"))
    }

    @Test func anArabicRidersStreamSaysArabicWhateverItsHeaderAndAnEnglishRidersSaysEnglish() async throws {
        let app = try await KooberTestApp()
        let arabic = try await riderWithRide(app, choosing: .arabic)
        let johnny = app.browser()
        try await johnny.signInAsJohnny()
        try await johnny.requestRide(to: "Opera House", option: "Wallaroo")
        let english = "koober_session=\(try #require(johnny.cookie(named: "koober_session")).value)"
        try await app.withServer { port in
            // The stream's own request carries another language: the account's wins.
            let arabicStream = try await EventStreamClient.open(
                port: port, headers: [("Cookie", arabic), ("Accept-Language", "en")])
            let englishStream = try await EventStreamClient.open(port: port, headers: [("Cookie", english)])
            #expect(try await arabicStream.wait { $0.events.count >= 1 })
            #expect(try await englishStream.wait { $0.events.count >= 1 })
            let arabicWords = try Words.project(.arabic)
            #expect(
                told(arabicStream).first?.headline == arabicWords("ride.headline.finding", ["rideOption": "Wallaroo"]))
            #expect(told(englishStream).first?.headline == "Finding your Wallaroo…")
            await arabicStream.close()
            await englishStream.close()
        }
    }
}
