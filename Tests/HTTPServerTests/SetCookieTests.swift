import HTTPServer
import Testing

@Suite("Set-Cookie header values")
struct SetCookieTests {
    @Test func aBareCookieIsNameEqualsValue() {
        #expect(SetCookie(name: "id", value: "abc").headerValue == "id=abc")
    }

    @Test func everyAttributeIsWrittenInOrder() {
        let cookie = SetCookie(
            name: "session",
            value: "abc123",
            expires: 784_111_777,
            maxAge: 3600,
            domain: "koober.example",
            path: "/rides",
            secure: true,
            httpOnly: true,
            sameSite: .lax
        )
        #expect(
            cookie.headerValue
                == "session=abc123; Expires=Sun, 06 Nov 1994 08:49:37 GMT; Max-Age=3600; Domain=koober.example; "
                + "Path=/rides; Secure; HttpOnly; SameSite=Lax"
        )
    }

    @Test(arguments: [(SetCookie.SameSite.strict, "Strict"), (.lax, "Lax"), (.none, "None")])
    func sameSiteIsWrittenWithItsCapitalisedName(sameSite: SetCookie.SameSite, written: String) {
        #expect(SetCookie(name: "a", value: "b", sameSite: sameSite).headerValue == "a=b; SameSite=\(written)")
    }

    @Test func flagsAppearOnlyWhenSet() {
        #expect(SetCookie(name: "a", value: "b", secure: true).headerValue == "a=b; Secure")
        #expect(SetCookie(name: "a", value: "b", httpOnly: true).headerValue == "a=b; HttpOnly")
        #expect(SetCookie(name: "a", value: "b", maxAge: 0).headerValue == "a=b; Max-Age=0")
    }

    @Test func expiresIsAnIMFFixdate() {
        let header = SetCookie(name: "a", value: "b", expires: 1_700_000_000).headerValue
        #expect(header == "a=b; Expires=Tue, 14 Nov 2023 22:13:20 GMT")
    }

    @Test func anExpiredCookieHasAnEmptyValueAndExpiresAtTheEpoch() {
        #expect(
            SetCookie.expired(name: "session").headerValue
                == "session=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0; Path=/"
        )
        let scoped = SetCookie.expired(name: "draft", path: "/rides")
        #expect(scoped.path == "/rides")
        #expect(scoped.value == "")
        #expect(scoped.headerValue.hasSuffix("; Path=/rides"))
    }

    @Test func valuesMayUseEveryCookieOctet() {
        let octets = "!#$%&'()*+-./09:<=>?@AZ[]^_`az{|}~"
        #expect(SetCookie(name: "v", value: octets).headerValue == "v=\(octets)")
    }

    @Test func anInvalidCookieNameIsAProgrammingError() async {
        await #expect(processExitsWith: .failure) {
            _ = SetCookie(name: "bad name", value: "x")
        }
    }

    @Test func aValueWithASemicolonIsAProgrammingError() async {
        await #expect(processExitsWith: .failure) {
            _ = SetCookie(name: "ok", value: "a;Domain=evil.example")
        }
    }
}
