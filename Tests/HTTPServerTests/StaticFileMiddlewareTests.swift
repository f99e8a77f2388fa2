import Foundation
import HTTPServer
import NIOCore
import NIOHTTP1
import Testing

@Suite("StaticFileMiddleware: headers and conditional requests")
struct StaticFileMiddlewareTests {
    let folder: StaticFolder
    let responder: any Responder
    let etag: String
    let version: String
    let lastModified = HTTPDate.format(secondsSince1970: StaticFolder.modified)

    init() throws {
        folder = try StaticFolder()
        responder = try folder.responder()
        let files = try StaticFiles(directory: folder.publicPath)
        etag = try #require(files.file(at: "/site.css")).etag
        version = files.version
    }

    private func get(_ path: String, _ headers: [(String, String)] = [], method: HTTPMethod = .GET) async -> Response {
        await responder.respond(to: Request(method: method, uri: path, headers: HTTPHeaders(headers)))
    }

    @Test func aFileIsServedWithItsTypeAndValidators() async {
        let response = await get("/site.css")
        #expect(response.status == .ok)
        #expect(response.bodyText == StaticFolder.siteCSS)
        #expect(response.headers["Content-Type"] == ["text/css; charset=utf-8"])
        #expect(response.headers["ETag"] == [etag])
        #expect(response.headers["Last-Modified"] == ["Tue, 14 Nov 2023 22:13:20 GMT"])
        #expect(response.headers["Cache-Control"] == ["no-cache"])
        #expect(response.headers["X-Content-Type-Options"] == ["nosniff"])
    }

    @Test func anSVGIsServedAsAnImage() async {
        let response = await get("/logo.svg")
        #expect(response.status == .ok)
        #expect(response.headers["Content-Type"] == ["image/svg+xml"])
    }

    @Test func nestedFilesAreServed() async {
        let response = await get("/css/nested/deep.txt")
        #expect(response.status == .ok)
        #expect(response.bodyText == "deep\n")
    }

    @Test func theQueryStringDoesNotChangeTheFile() async {
        #expect(await get("/site.css?v=42").bodyText == StaticFolder.siteCSS)
    }

    @Test func theCurrentVersionIsKeptForAYear() async {
        let response = await get("/site.css?v=\(version)")
        #expect(response.bodyText == StaticFolder.siteCSS)
        #expect(response.headers["Cache-Control"] == ["public, max-age=31536000, immutable"])
    }

    @Test(arguments: ["", "?v=42", "?v=VERSION&x=1", "?x=VERSION"])
    func anyOtherURLIsRevalidatedEveryTime(query: String) async {
        let response = await get("/site.css" + query.replacingOccurrences(of: "VERSION", with: version))
        #expect(response.headers["Cache-Control"] == ["no-cache"])
    }

    @Test(arguments: ["ETAG", "*", "W/ETAG", "\"other\", ETAG", "\"other\",ETAG"])
    func aMatchingIfNoneMatchIsNotModified(ifNoneMatch: String) async {
        let response = await get("/site.css", [("If-None-Match", ifNoneMatch.replacingETAG(with: etag))])
        #expect(response.status == .notModified)
        #expect(response.body.readableBytes == 0)
        #expect(response.headers["ETag"] == [etag])
        #expect(response.headers["Last-Modified"] == [lastModified])
        #expect(response.headers["Cache-Control"] == ["no-cache"])
    }

    @Test(arguments: ["\"other\"", "\"\"", "W/\"other\"", "ETAG-ish"])
    func aDifferentIfNoneMatchGetsTheFile(ifNoneMatch: String) async {
        let response = await get("/site.css", [("If-None-Match", ifNoneMatch.replacingETAG(with: etag))])
        #expect(response.status == .ok)
        #expect(response.bodyText == StaticFolder.siteCSS)
    }

    @Test(arguments: [0, 1, 86_400])
    func ifModifiedSinceAtOrAfterTheModificationIsNotModified(secondsLater: Int) async {
        let since = HTTPDate.format(secondsSince1970: StaticFolder.modified + secondsLater)
        let response = await get("/site.css", [("If-Modified-Since", since)])
        #expect(response.status == .notModified)
        #expect(response.body.readableBytes == 0)
        #expect(response.headers["Last-Modified"] == [lastModified])
    }

    @Test(arguments: [1, 86_400])
    func ifModifiedSinceBeforeTheModificationGetsTheFile(secondsEarlier: Int) async {
        let since = HTTPDate.format(secondsSince1970: StaticFolder.modified - secondsEarlier)
        let response = await get("/site.css", [("If-Modified-Since", since)])
        #expect(response.status == .ok)
        #expect(response.bodyText == StaticFolder.siteCSS)
    }

    @Test func anUnreadableIfModifiedSinceIsIgnored() async {
        #expect(await get("/site.css", [("If-Modified-Since", "last tuesday")]).status == .ok)
    }

    @Test func ifNoneMatchTakesPrecedenceOverIfModifiedSince() async {
        let future = HTTPDate.format(secondsSince1970: StaticFolder.modified + 3600)
        let past = HTTPDate.format(secondsSince1970: StaticFolder.modified - 3600)
        let stale = await get("/site.css", [("If-None-Match", "\"other\""), ("If-Modified-Since", future)])
        #expect(stale.status == .ok)
        let fresh = await get("/site.css", [("If-None-Match", etag), ("If-Modified-Since", past)])
        #expect(fresh.status == .notModified)
    }

    @Test func headIsAnsweredWithTheFileForTheServerToStrip() async {
        let response = await get("/logo.svg", method: .HEAD)
        #expect(response.status == .ok)
        #expect(response.headers["Content-Type"] == ["image/svg+xml"])
        #expect(response.headers["ETag"].count == 1)
    }

    @Test(arguments: [HTTPMethod.POST, .PUT, .DELETE, .PATCH, .OPTIONS])
    func otherMethodsFallThroughToTheNextResponder(method: HTTPMethod) async {
        let response = await get("/site.css", method: method)
        #expect(response.status == .notFound)
        #expect(response.bodyText == "next")
    }

    @Test func unknownPathsFallThroughToTheNextResponder() async {
        #expect(await get("/missing.css").bodyText == "next")
        #expect(await get("/css/").bodyText == "next")
    }
}

extension String {
    /// This text with `ETAG` replaced by `etag`, for arguments that depend on a file's actual ETag.
    fileprivate func replacingETAG(with etag: String) -> String {
        split(separator: "ETAG", omittingEmptySubsequences: false).joined(separator: etag)
    }
}
