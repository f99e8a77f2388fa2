import Foundation
import HTMLReading
import KooberKit
import KooberMap
import KooberTestSupport
import TestBrowsing
import TestKit
import Testing

@testable import KooberWeb

/// Every rider's page a rider can reach, in Chinese, Vietnamese and Arabic, shows no text of the English catalogue:
/// each English text, its placeholders taken out, is cut into its fragments; a fragment of two words or more, or of
/// one word of five letters or more, must not stand as whole words in the page's visible text (the body without
/// scripts, the `<title>`, and the `alt`, `aria-label`, `title` and `placeholder` values). Names are no English:
/// a fragment the language's own catalogue keeps (Koober, A$, OpenStreetMap), and the page's data (places, animals,
/// ride options, streets, the rider's name and email, the Language form's language names) are left out.
@Suite struct NoEnglishLeftTests {
    /// English words that were once written by Koober's code outside the catalogue (the saved places' Home and Work,
    /// now `savedPlaces.homeLabel` and its kin): checked like the catalogue's fragments, whatever their length.
    static let englishOutsideTheCatalogue = ["Home", "Work", "A name of your own"]

    /// English known to be left on the pages in every other language, to go as it is translated (the test fails
    /// when an entry is no longer found, so the list stays as short as what is left).
    static let knownUntranslated: Set<String> = []

    /// One page as the rider saw it.
    private struct Page {
        let name: String
        let text: String
    }

    @Test(arguments: [Language.chinese, .vietnamese, .arabic])
    func noPageShowsEnglishWords(language: Language) async throws {
        let app = try await KooberTestApp()
        let words = try Words.project(language)
        let pages = try await visitEveryPage(app, in: words)
        let fragments = try englishFragments(missingFrom: words)
        let names = try await dataNames(app)
        var left: [String: [String]] = [:]
        var known: Set<String> = []
        for page in pages {
            var text = page.text
            for name in names { text = text.replacingOccurrences(of: name, with: " · ") }
            let found = fragments.filter { Self.containsWholeWords($0, in: text) }
            known.formUnion(found.intersection(Self.knownUntranslated))
            let unknown = found.subtracting(Self.knownUntranslated)
            if !unknown.isEmpty { left[page.name] = unknown.sorted() }
        }
        #expect(pages.count >= 40, "\(pages.map(\.name))")
        #expect(left.isEmpty, "English left in \(language.tag): \(left.sorted { $0.key < $1.key })")
        #expect(
            known == Self.knownUntranslated,
            "translated now, to take out of knownUntranslated: \(Self.knownUntranslated.subtracting(known).sorted())")
    }

    /// The check sees English where it is: every one of the same pages in English shows some of it.
    @Test func theCheckFindsEnglishOnEveryEnglishPage() async throws {
        let app = try await KooberTestApp()
        let pages = try await visitEveryPage(app, in: try Words.project(.english))
        let fragments = try englishFragments(missingFrom: try Words.project(.vietnamese))
        #expect(fragments.contains("Forgot Password"))
        let names = try await dataNames(app)
        for page in pages {
            var text = page.text
            for name in names { text = text.replacingOccurrences(of: name, with: " · ") }
            #expect(fragments.contains { Self.containsWholeWords($0, in: text) }, "\(page.name)")
        }
    }

    // MARK: The pages

    /// Visits every rider's page reachable in `words`' language, as a new rider of that language.
    private func visitEveryPage(_ app: KooberTestApp, in words: Words) async throws -> [Page] {
        var pages: [Page] = []
        let browser = app.browser()
        browser.additionalHeaders = ["Accept-Language": words.language.tag]
        func look(_ name: String) throws {
            let page = try #require(browser.page, "\(name) is no page")
            #expect(try page.first("/html")?[attribute: "lang"] == words.language.tag, "\(name)")
            pages.append(Page(name: name, text: try Self.visibleText(of: page)))
        }
        func visit(_ path: String) async throws {
            try await browser.visit(path)
            try look("GET \(path) → \(browser.status?.code ?? 0)")
        }

        /// Posts the form whose action holds `action` as the page holds it, with `fields` changed.
        func post(_ action: String, _ fields: [String: String], as name: String) async throws {
            let form = try #require(
                try browser.first("//form[@method='post'][contains(@action, '\(action)')]"),
                "\(name): no form to \(action)")
            var values: [(String, String)] = []
            for input in try browser.all("\(form.path)//input[@name] | \(form.path)//textarea[@name]") {
                let type = input[attribute: "type"] ?? "text"
                if ["radio", "checkbox", "submit"].contains(type) && !input.has("checked") { continue }
                let name = input[attribute: "name"] ?? ""
                if fields[name] == nil { values.append((name, input[attribute: "value"] ?? input.text)) }
            }
            values += fields.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
            try await browser.post(try #require(form[attribute: "action"]), fields: values)
            try look(name)
        }

        for path in ["/welcome", "/signin", "/signup", "/password/forgot", "/no-such-page"] {
            try await visit(path)
        }
        try await browser.visit("/signup")
        let token = try #require(try browser.formToken())
        try await browser.post("/signup", fields: [("csrf_token", token), ("email", "not-an-email")])
        try look("sign up with errors")
        try await browser.post("/signin", fields: [("csrf_token", "stale"), ("email", "a@b.c"), ("password", "x")])
        #expect(browser.status == .forbidden)
        try look("stale form")
        try await browser.visit("/signin")
        let signInToken = try #require(try browser.formToken())
        try await browser.post(
            "/signin", fields: [("csrf_token", signInToken), ("email", "mai@example.com"), ("password", "wrong")])
        try look("sign in failed")
        try await browser.visit("/password/forgot")
        let forgotToken = try #require(try browser.formToken())
        try await browser.post("/password/forgot", fields: [("csrf_token", forgotToken), ("email", "x@example.com")])
        try look("forgot password sent")

        try await browser.visit("/signup")
        try await post(
            "/signup",
            [
                "name": "Nguyễn Mai", "nickname": "Mai", "email": "johnny@gmail.com", "mobileNumber": "0412 345 678",
                "password": "hop-hop-hop",
            ], as: "sign up with a taken email")
        try await browser.visit("/signup")
        let signUpToken = try #require(try browser.formToken())
        try await browser.post(
            "/signup",
            fields: [
                ("csrf_token", signUpToken), ("name", "Nguyễn Mai"), ("nickname", "Mai"), ("email", "mai@example.com"),
                ("mobileNumber", "0412 345 678"), ("password", "hop-hop-hop"),
            ])
        #expect(browser.path == "/ride")
        try look("ride: where to")
        try await visit("/ride/dropoff")
        try await visit("/ride/dropoff?q=Opera")
        try await visit("/ride/dropoff?q=zzzz")
        try await browser.visit("/ride/dropoff")
        try await browser.clickLink(words("dropoff.saveLinkLabel", ["name": "Opera House"]))
        try look("save a place")
        try await post("/places/saved/new", ["label": "", "own_label": ""], as: "save a place without a label")
        try await post("/places/saved/new", ["label": "home"], as: "saved places with one")
        try await visit("/ride/dropoff")
        try await browser.visit("/ride/dropoff")
        try await browser.press("Opera House")
        try look("ride: choose a ride option")
        try await browser.press(words("ride.confirmButton"))
        try look("ride: no option chosen")
        try browser.choose("Wallaroo")
        try await browser.press(words("ride.confirmButton"))
        try look("ride: finding")

        try await app.container.rideDispatcher.runOnce()
        let rides = app.container.services.rideRepository
        let ride = try #require(try await rides.followedRide(userID: UserID(2)))
        let timeline = try #require(ride.timeline())
        try await visit("/ride")
        for (moment, name) in [
            (timeline.arrivesAtPickup, "arrived"), (timeline.departsPickup, "riding"),
            (timeline.arrivesAtDropoff, "finished"),
        ] {
            app.clock.advance(by: moment.timeIntervalSince(app.clock.now) + 0.01)
            try await app.container.rideDispatcher.runOnce()
            try await browser.visit("/ride")
            try look("ride: \(name)")
        }
        try await visit("/rides/\(ride.id.rawValue)")
        try await post("/rating", ["stars": "9"], as: "rating with errors")
        try await post("/rating", ["stars": "5", "tip": "none"], as: "receipt rated")
        try await visit("/rides/\(ride.id.rawValue)/report")
        try await post("/report", ["what_happened": ""], as: "report with errors")
        try await post("/report", ["category": "fare", "what_happened": "Too dear"], as: "receipt reported")
        for path in [
            "/profile", "/profile/rides", "/profile/edit", "/profile/password", "/profile/delete", "/places/saved",
        ] {
            try await visit(path)
        }
        try await browser.visit("/profile/password")
        try await post(
            "/profile/password", ["currentPassword": "", "newPassword": ""], as: "change password with errors")
        try await browser.visit("/profile/delete")
        try await post("/profile/delete", ["password": "wrong"], as: "delete account with errors")
        try await browser.visit("/profile/edit")
        try await post("/profile/edit", ["name": "", "email": "nope"], as: "edit profile with errors")

        try await browser.visit("/ride")
        try await browser.press(words("ride.startNewButton"))
        try await browser.clickLink(words("ride.whereTo"))
        try await browser.press("Opera House")
        try browser.choose("Kangaroo")
        try await browser.press(words("ride.confirmButton"))
        try await browser.press(words("ride.cancelButton"))
        try look("ride: cancelled")
        return pages
    }

    /// The page's text a person sees or hears: the title, the body's text outside scripts and styles, and the
    /// `alt`, `aria-label`, `title` and `placeholder` values.
    static func visibleText(of page: HTMLDocument) throws -> String {
        let texts = try page.texts(
            at: "//body//text()[not(ancestor::script) and not(ancestor::style) and not(ancestor::template)]")
        let attributes = try page.texts(at: "//@alt | //@aria-label | //@title | //@placeholder")
        return ([page.title ?? ""] + texts + attributes).joined(separator: " ¶ ")
    }

    // MARK: The English

    /// The fragments of every English text that `words` does not keep as it is.
    private func englishFragments(missingFrom words: Words) throws -> Set<String> {
        let english = try Words.project(.english)
        let kept = words.entries.values.joined(separator: "\n")
        var fragments = Set(Self.englishOutsideTheCatalogue)
        for (key, text) in english.entries where words.entries[key] != text {
            for fragment in Self.fragments(of: text) where !Self.containsWholeWords(fragment, in: kept) {
                fragments.insert(fragment)
            }
        }
        return fragments
    }

    /// The parts of `text` between its placeholders, trimmed, that are two words or more, or a word of five
    /// letters or more.
    static func fragments(of text: String) -> [String] {
        var parts: [String] = []
        var rest = text[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            parts.append(String(rest[..<open]))
            rest = rest[rest.index(after: close)...]
        }
        parts.append(String(rest))
        let trim = CharacterSet.whitespaces.union(.punctuationCharacters).union(.symbols)
        return parts.map { $0.trimmingCharacters(in: trim) }.filter { part in
            let words = part.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "'" && $0 != "’" })
            return words.count >= 2 || (words.count == 1 && words[0].filter(\.isLetter).count >= 5)
        }
    }

    /// Whether `fragment` stands in `text` as whole words (no letter or digit right before or after), any case.
    static func containsWholeWords(_ fragment: String, in text: String) -> Bool {
        var searchRange = text.startIndex..<text.endIndex
        while let found = text.range(of: fragment, options: [.caseInsensitive], range: searchRange) {
            let before = found.lowerBound == text.startIndex ? nil : text[text.index(before: found.lowerBound)]
            let after = found.upperBound == text.endIndex ? nil : text[found.upperBound]
            let isWordCharacter = { (character: Character?) in character.map { $0.isLetter || $0.isNumber } ?? false }
            if !isWordCharacter(before) && !isWordCharacter(after) { return true }
            searchRange = found.upperBound..<text.endIndex
        }
        return false
    }

    // MARK: The names

    /// The page data's names, longest first (so a place's name goes before a street's it contains).
    private func dataNames(_ app: KooberTestApp) async throws -> [String] {
        let places = try await app.container.services.placeRepository.allPlaces().map(\.name)
        let map = try MapData.sydney.get()
        let animals = Fleet.members(size: Fleet.defaultSize).map(\.name)
        let names =
            places + animals + RideOption.all.map(\.name) + map.streets.map(\.name) + map.landmarks.map(\.name)
            + ["Nguyễn Mai", "mai@example.com", "x@example.com", "English", "中文", "Tiếng Việt", "العربية"]
        return Set(names.filter { !$0.isEmpty }).sorted { $0.count > $1.count }
    }
}
