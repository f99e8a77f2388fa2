import HTMLReading
import Testing

@testable import TestBrowsing

@Suite struct URLReferenceTests {
    @Test(arguments: [
        ("/about", "/a/b?x=1", "/about"),
        ("c", "/a/b?x=1", "/a/c"),
        ("c?d=1", "/a/b", "/a/c?d=1"),
        ("../c", "/a/b/e", "/a/c"),
        ("../../../c", "/a/b", "/c"),
        ("./", "/a/b", "/a/"),
        ("?page=2", "/a/b?x=1", "/a/b?page=2"),
        ("#top", "/a/b?x=1", "/a/b?x=1"),
        ("", "/a/b?x=1", "/a/b?x=1"),
        ("c#top", "/a/b", "/a/c"),
        ("http://localhost:8080/x?y=1#z", "/a", "/x?y=1"),
        ("https://example.com", "/a", "/"),
        ("//example.com/p", "/a", "/p"),
        ("/a/./b/../c/", "/", "/a/c/"),
    ])
    func referencesResolveLikeABrowser(reference: String, base: String, expected: String) {
        #expect(URLReference.resolve(reference, against: base) == expected)
    }

    @Test(arguments: ["plain", "it's", "say \"hi\"", "it's \"both\""])
    func anyTextBecomesAnXPathLiteralThatMatchesIt(text: String) throws {
        let document = try HTMLDocument(html: "<p title=\"\(text.replacing("\"", with: "&quot;"))\">x</p>")
        #expect(try document.all("//p[@title=\(XPath.literal(text))]").count == 1)
    }
}
