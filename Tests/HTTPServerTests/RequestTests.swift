import HTTPServer
import NIOCore
import NIOHTTP1
import Testing

@Suite("Request: target, query, form and cookies")
struct RequestTests {
    @Test func theTargetIsSplitIntoPathAndQueryString() {
        let request = Request(method: .GET, uri: "/ride/dropoff?stop=Work&when=now")
        #expect(request.path == "/ride/dropoff")
        #expect(request.queryString == "stop=Work&when=now")
        #expect(request.uri == "/ride/dropoff?stop=Work&when=now")
    }

    @Test func aTargetWithoutQuestionMarkHasNoQueryString() {
        let request = Request(method: .GET, uri: "/ride")
        #expect(request.path == "/ride")
        #expect(request.queryString == nil)
        #expect(request.uri == "/ride")
    }

    @Test func onlyTheFirstQuestionMarkStartsTheQuery() {
        let request = Request(method: .GET, uri: "/search??q=a?b")
        #expect(request.path == "/search")
        #expect(request.queryString == "?q=a?b")
        #expect(Request(method: .GET, uri: "/x?").queryString == "")
    }

    @Test func queryDecodesTheQueryString() throws {
        let query = try Request(method: .GET, uri: "/search?q=caf%C3%A9+au+lait&page=2&tag=a&tag=b").query()
        #expect(query["q"] == "café au lait")
        #expect(query["page"] == "2")
        #expect(query.values(for: "tag") == ["a", "b"])
    }

    @Test func queryIsEmptyWithoutQueryString() throws {
        #expect(try Request(method: .GET, uri: "/search").query().fields.isEmpty)
        #expect(try Request(method: .GET, uri: "/search?").query().fields.isEmpty)
    }

    @Test func queryThrowsOnBadEscapes() {
        #expect(throws: FormDecodingError.invalidPercentEscape) {
            try Request(method: .GET, uri: "/search?q=100%").query()
        }
        #expect(throws: FormDecodingError.invalidUTF8) {
            try Request(method: .GET, uri: "/search?q=%ff").query()
        }
    }

    @Test func formDecodesTheBody() throws {
        let request = Request(
            method: .POST,
            uri: "/ride?ignored=1",
            headers: ["Content-Type": "application/x-www-form-urlencoded"],
            body: ByteBuffer(string: "pickup=Gare+du+Nord&dropoff=Caf%C3%A9&stop=1&stop=2")
        )
        let form = try request.form()
        #expect(form["pickup"] == "Gare du Nord")
        #expect(form["dropoff"] == "Café")
        #expect(form.values(for: "stop") == ["1", "2"])
        #expect(form["ignored"] == nil)
    }

    @Test func formThrowsOnABodyThatIsNotUTF8() {
        let request = Request(method: .POST, uri: "/ride", body: ByteBuffer(bytes: [0x61, 0x3D, 0xC0, 0xAF]))
        #expect(throws: FormDecodingError.invalidUTF8) { try request.form() }
    }

    @Test func formOfAnEmptyBodyIsEmpty() throws {
        #expect(try Request(method: .POST, uri: "/ride").form().fields.isEmpty)
    }

    @Test func cookiesComeFromEveryCookieHeader() {
        var headers = HTTPHeaders()
        headers.add(name: "Cookie", value: "session=abc; theme=dark")
        headers.add(name: "cookie", value: "session=other; lang=fr")
        let cookies = Request(method: .GET, uri: "/", headers: headers).cookies
        #expect(cookies == ["session": "abc", "theme": "dark", "lang": "fr"])
    }

    @Test func cookieValuesMayContainCommas() {
        let request = Request(
            method: .GET,
            uri: "/",
            headers: ["Cookie": "prefs=a,b,c; x=1,session=forged; session=real"]
        )
        #expect(request.cookies["prefs"] == "a,b,c")
        #expect(request.cookies["x"] == "1,session=forged")
        #expect(request.cookies["session"] == "real")
    }

    @Test func aRequestWithoutCookieHeaderHasNoCookies() {
        #expect(Request(method: .GET, uri: "/").cookies.isEmpty)
    }

    @Test func everyRequestGetsItsOwnSixteenDigitHexID() {
        let ids = (0..<100).map { _ in Request(method: .GET, uri: "/").id }
        #expect(Set(ids).count == 100)
        #expect(ids.allSatisfy { $0.count == 16 && $0.allSatisfy { $0.isHexDigit } && $0 == $0.lowercased() })
        #expect(Request(method: .GET, uri: "/", id: "fixed").id == "fixed")
    }
}
