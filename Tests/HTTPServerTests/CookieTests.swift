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
}
