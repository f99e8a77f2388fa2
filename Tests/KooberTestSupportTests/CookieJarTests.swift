import TestBrowsing
import Testing

@Suite struct CookieJarTests {
    private func jar(_ headers: String..., at path: String = "/", now: Int = 1_000) -> CookieJar {
        var jar = CookieJar()
        jar.store(setCookieHeaders: headers, requestPath: path, now: now)
        return jar
    }

    @Test func attributesAreReadWhateverTheirCase() throws {
        let cookie = try #require(jar("sid=x y; path=/a; SECURE; httponly; samesite=Strict").cookies.first)
        #expect(
            cookie
                == BrowserCookie(
                    name: "sid",
                    value: "x y",
                    path: "/a",
                    secure: true,
                    httpOnly: true,
                    sameSite: "Strict"
                )
        )
    }

    @Test func maxAgeWinsOverExpiresWhicheverComesFirst() {
        let jar = jar(
            "a=1; Max-Age=60; Expires=Thu, 01 Jan 1970 00:00:00 GMT",
            "b=2; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=60"
        )
        #expect(jar.cookies.map(\.expires) == [1_060, 1_060])
    }

    @Test func aCookieStopsBeingSentWhenItExpires() {
        let jar = jar("a=1; Max-Age=10")
        #expect(jar.cookieHeader(for: "/", now: 1_009) == "a=1")
        #expect(jar.cookieHeader(for: "/", now: 1_010) == nil)
    }

    @Test func anExpiredCookieDeletesItsNamesakeOnTheSamePathOnly() {
        var jar = jar("a=1; Path=/", "a=2; Path=/x")
        jar.store(setCookieHeaders: ["a=; Max-Age=0; Path=/x"], requestPath: "/", now: 1_000)
        #expect(jar.cookies.map(\.description) == ["a=1"])
    }

    @Test func aNewValueReplacesTheOldOneInPlace() {
        var jar = jar("a=1", "b=2")
        jar.store(setCookieHeaders: ["a=3"], requestPath: "/", now: 1_000)
        #expect(jar.cookieHeader(for: "/", now: 1_000) == "a=3; b=2")
    }

    @Test(arguments: [("/docs/intro", "/docs"), ("/docs/", "/docs"), ("/docs", "/"), ("/", "/"), ("", "/")])
    func withoutPathACookieBelongsToTheDirectoryOfTheRequest(requestPath: String, expected: String) {
        #expect(jar("a=1", at: requestPath).cookies.first?.path == expected)
        #expect(jar("a=1; Path=relative", at: requestPath).cookies.first?.path == expected)
    }

    @Test(arguments: [
        ("/cookies", true), ("/cookies/", true), ("/cookies/deep/er", true), ("/cookiesx", false), ("/", false),
    ])
    func pathsMatchOnSegmentBoundaries(requestPath: String, matches: Bool) {
        #expect(BrowserCookie(name: "a", value: "1", path: "/cookies").matches(path: requestPath) == matches)
        #expect(
            BrowserCookie(name: "a", value: "1", path: "/cookies/").matches(path: requestPath)
                == (matches && requestPath.count > 8)
        )
    }

    @Test func malformedHeadersAreIgnored() {
        #expect(jar("no-equals-sign", "=nameless", "").cookies.isEmpty)
    }

    @Test func longerPathsAreSentFirst() {
        let jar = jar("short=1; Path=/", "long=2; Path=/a/b", "middle=3; Path=/a")
        #expect(jar.cookieHeader(for: "/a/b/c", now: 1_000) == "long=2; middle=3; short=1")
    }
}
