import HTTPServer
import Testing

@Suite("Cookie header parsing")
struct CookieTests {
    @Test func pairsAreSeparatedBySemicolons() {
        #expect(Cookie.parse(["session=abc123; theme=dark"]) == ["session": "abc123", "theme": "dark"])
    }

    @Test func spacesAndTabsAroundNamesAndValuesAreTrimmed() {
        #expect(
            Cookie.parse(["  a = 1 ;b=2;\tc\t=\t3\t; d=two words "]) == [
                "a": "1", "b": "2", "c": "3", "d": "two words",
            ]
        )
    }

    @Test func doubleQuotedValuesAreUnquoted() {
        #expect(
            Cookie.parse(["q=\"quoted value\"; e=\"\"; open=\"x; lone=\""]) == [
                "q": "quoted value", "e": "", "open": "\"x", "lone": "\"",
            ]
        )
    }

    @Test func theFirstOfARepeatedNameWins() {
        #expect(Cookie.parse(["id=first; id=second; other=1; id=third"]) == ["id": "first", "other": "1"])
    }

    @Test func pairsWithoutEqualsSignOrWithAnEmptyNameAreIgnored() {
        #expect(Cookie.parse(["garbage; =nameless; ;;  ; good=1; also garbage; = ; ok=2"]) == ["good": "1", "ok": "2"])
    }

    @Test func valuesMayContainEqualsSignsAndBeEmpty() {
        #expect(Cookie.parse(["token=a=b==; empty=; next=1"]) == ["token": "a=b==", "empty": "", "next": "1"])
    }

    @Test func everyHeaderValueIsReadAndTheFirstOfANameWinsAcrossThem() {
        let cookies = Cookie.parse(["a=1; b=2", "b=3; c=4", "", "c=5; d=6"])
        #expect(cookies == ["a": "1", "b": "2", "c": "4", "d": "6"])
    }

    @Test func noHeadersMeanNoCookies() {
        #expect(Cookie.parse([]).isEmpty)
        #expect(Cookie.parse(["", "   ", ";"]).isEmpty)
    }

    /// Looking one cookie up finds what reading them all gives it, on every header above.
    @Test(arguments: [
        ["session=abc123; theme=dark"], ["  a = 1 ;b=2;\tc\t=\t3\t; d=two words "],
        ["q=\"quoted value\"; e=\"\"; open=\"x; lone=\""], ["id=first; id=second; other=1; id=third"],
        ["garbage; =nameless; ;;  ; good=1; also garbage; = ; ok=2"], ["token=a=b==; empty=; next=1"],
        ["a=1; b=2", "b=3; c=4", "", "c=5; d=6"], ["caf\u{E9}=1; cafe\u{301}=2"],
    ])
    func aCookieLookedUpByNameIsTheOneParsed(headerValues: [String]) {
        let cookies = Cookie.parse(headerValues)
        for (name, value) in cookies {
            #expect(Cookie.value(named: name, in: headerValues) == value, "\(name)")
        }
        #expect(Cookie.value(named: "missing", in: headerValues) == nil)
        #expect(Cookie.value(named: "", in: headerValues) == nil)
    }

    /// Names are told apart by their bytes: two spellings of "café" are two cookies to the lookup.
    @Test func aNameIsLookedUpByItsBytes() {
        let header = ["cafe\u{301}=decomposed; caf\u{E9}=composed"]
        #expect(Cookie.value(named: "caf\u{E9}", in: header) == "composed")
        #expect(Cookie.value(named: "cafe\u{301}", in: header) == "decomposed")
    }
}
