import KooberTestSupport
import TestBrowsing
import Testing

@Suite struct DropoffSearchTests {
    private func search(_ query: String) async throws -> TestBrowser {
        let browser = try await KooberTestApp().browser()
        try await browser.signInAsJohnny()
        try await browser.clickLink("Where to?")
        try browser.fillIn("Search", with: query)
        try await browser.press("Search")
        return browser
    }

    private func names(_ browser: TestBrowser) throws -> [String] {
        try browser.all("//li[@class='place']//button").map(\.text)
    }

    @Test func searchIgnoresCaseAndAccents() async throws {
        #expect(try names(try await search("CAFE")) == ["Café Sydney"])
        #expect(try names(try await search("café")) == ["Café Sydney"])
    }

    @Test func namesStartingWithTheSearchComeFirstThenTheNearest() async throws {
        let browser = try await search("sydney")
        let results = try names(browser)
        let distances = try browser.texts(at: "//span[@class='place-distance']").compactMap {
            Double($0.split(separator: " ")[0])
        }
        #expect(results.count == 6)
        #expect(results.prefix(4).allSatisfy { $0.hasPrefix("Sydney") })
        #expect(Set(results.suffix(2)) == ["Café Sydney", "University of Sydney"])
        #expect(Array(distances.prefix(4)) == distances.prefix(4).sorted())
        #expect(Array(distances.suffix(2)) == distances.suffix(2).sorted())
        #expect(try names(try await search("beach")) == ["Bondi Beach", "Coogee Beach", "Manly Beach"])
    }

    @Test func everyWordTypedMustAppear() async throws {
        #expect(try names(try await search("state library")) == ["State Library of New South Wales"])
        #expect(try names(try await search("south wales art")) == ["Art Gallery of New South Wales"])
    }

    @Test func anEmptySearchListsEveryPlaceNearestFirst() async throws {
        let browser = try await KooberTestApp().browser()
        try await browser.signInAsJohnny()
        try await browser.visit("/ride/dropoff")
        let distances = try browser.texts(at: "//span[@class='place-distance']").compactMap {
            Double($0.split(separator: " ")[0])
        }
        #expect(distances.count == 32)
        #expect(distances == distances.sorted())
    }

    @Test func noMatchSaysSoAndShowsTheSearchBackEscaped() async throws {
        let browser = try await search("<b>wombat</b>")
        #expect(try browser.text(at: "//p[@class='no-matches']") == "No places match “<b>wombat</b>”.")
        #expect(try browser.all("//p[@class='no-matches']/b").isEmpty)
        #expect(try browser.fieldValue("Search") == "<b>wombat</b>")
        #expect(browser.path.contains("q=%3Cb%3Ewombat%3C%2Fb%3E"))
    }

    @Test func searchResultsAreLinkable() async throws {
        let browser = try await KooberTestApp().browser()
        try await browser.signInAsJohnny()
        try await browser.visit("/ride/dropoff?q=opera+house")
        #expect(try names(browser) == ["Opera House"])
        #expect(try browser.fieldValue("Search") == "opera house")
    }

    @Test func aSearchThatIsNotUTF8IsABadRequest() async throws {
        let browser = try await KooberTestApp().browser()
        try await browser.signInAsJohnny()
        try await browser.visit("/ride/dropoff?q=%ff")
        #expect(browser.status == .badRequest)
    }
}
