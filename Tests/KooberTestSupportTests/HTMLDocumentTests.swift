import HTMLReading
import Testing

@Suite struct HTMLDocumentTests {
    private let document: HTMLDocument

    init() throws {
        document = try HTMLDocument(
            html: """
                <html><head><title>  Koober
                  rides </title></head><body>
                <ul id="places"><li class="a">Opera   House</li><li class="b" data-x='it&apos;s "quoted"'>Caf&eacute; – 東京</li></ul>
                <p>one<p>two
                <input disabled name=q>
                </body></html>
                """
        )
    }

    @Test func titleAndTextHaveTheirWhitespaceCollapsed() throws {
        #expect(document.title == "Koober rides")
        #expect(try document.text(at: "//li[1]") == "Opera House")
        #expect(try document.texts(at: "//li") == ["Opera House", "Café – 東京"])
        #expect(try document.text(at: "//li[1]/text()") == "Opera House")
        #expect(try document.text(at: "//table") == nil)
    }

    @Test func elementsComeInDocumentOrderWithTheirAttributes() throws {
        let items = try document.all("//li")
        #expect(items.map(\.name) == ["li", "li"])
        #expect(items.map { $0[attribute: "class"] } == ["a", "b"])
        #expect(items[1][attribute: "data-x"] == "it's \"quoted\"")
        let input = try #require(try document.first("//input"))
        #expect(input.has("disabled"))
        #expect(input[attribute: "disabled"] == "disabled")
        #expect(input[attribute: "name"] == "q")
    }

    @Test func anElementsPathSelectsExactlyThatElement() throws {
        let elements = try document.all("//*")
        #expect(elements.count > 8)
        for element in elements {
            #expect(try document.all(element.path) == [element])
        }
    }

    @Test func brokenHTMLIsRepairedAsABrowserWould() throws {
        #expect(try document.texts(at: "//p") == ["one", "two"])
        #expect(try document.first("/html/body/ul/@id") == nil)  // attributes are not elements
    }

    @Test func anInvalidXPathIsAnErrorThatSaysWhy() {
        #expect {
            try document.all("//li[")
        } throws: { error in
            guard case HTMLDocumentError.invalidXPath(let xpath, let reason) = error else { return false }
            return xpath == "//li[" && !reason.isEmpty
        }
    }

    @Test func anEmptyBodyIsAnEmptyPage() throws {
        let empty = try HTMLDocument(html: "")
        #expect(empty.title == nil)
        #expect(try empty.all("//a").isEmpty)
    }
}
