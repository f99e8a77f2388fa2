import Foundation
import HTTPServer
import NIOCore
import Testing

@Suite("StaticFiles: the catalogue of a public folder")
struct StaticFilesTests {
    let folder: StaticFolder
    let files: StaticFiles

    init() throws {
        folder = try StaticFolder()
        files = try StaticFiles(directory: folder.publicPath)
    }

    @Test func everyRegularFileInsideTheFolderIsServedAtItsPath() {
        #expect(
            files.paths == [
                "/c++.txt", "/copy.css", "/css/app.css", "/css/nested/deep.txt", "/data.bin", "/hello world.txt",
                "/inside.css", "/logo.svg", "/site.css",
            ]
        )
    }

    @Test func theVersionStaysTheSameForTheSameFiles() throws {
        #expect(try StaticFiles(directory: folder.publicPath).version == files.version)
        #expect(!files.version.isEmpty)
    }

    @Test func changingAnyFileChangesTheVersion() throws {
        try Data("body { color: #456; }\n".utf8).write(to: URL(fileURLWithPath: folder.publicPath + "/css/app.css"))
        #expect(try StaticFiles(directory: folder.publicPath).version != files.version)
    }

    @Test func renamingAFileChangesTheVersion() throws {
        try FileManager.default.moveItem(
            atPath: folder.publicPath + "/copy.css", toPath: folder.publicPath + "/copy2.css")
        #expect(try StaticFiles(directory: folder.publicPath).version != files.version)
    }

    @Test func aMissingFolderIsAnErrorNamingIt() {
        #expect {
            try StaticFiles(directory: "/nonexistent/koober-public")
        } throws: { error in
            "\(error)".contains("/nonexistent/koober-public")
        }
    }

    @Test func symlinksLeadingOutsideTheFolderAreNotServed() {
        #expect(files.file(at: "/leak.txt") == nil)
        #expect(files.file(at: "/leak-dir/key.txt") == nil)
        #expect(files.file(at: "/prefix-leak.txt") == nil)
        #expect(!files.paths.contains { $0.contains("leak") || $0.contains("key") || $0.contains("secret") })
    }

    @Test func aSymlinkToAFileInsideTheFolderServesThatFile() throws {
        let link = try #require(files.file(at: "/inside.css"))
        #expect(String(buffer: link.contents) == StaticFolder.siteCSS)
        #expect(link.contentType == "text/css; charset=utf-8")
    }

    @Test func theContentsAreTheFileBytes() throws {
        #expect(try #require(files.file(at: "/css/nested/deep.txt")).contents == ByteBuffer(string: "deep\n"))
        #expect(try #require(files.file(at: "/data.bin")).contents == ByteBuffer(bytes: [1, 2, 3]))
    }

    @Test(arguments: [
        ("/site.css", "text/css; charset=utf-8"),
        ("/logo.svg", "image/svg+xml"),
        ("/css/nested/deep.txt", "text/plain; charset=utf-8"),
        ("/data.bin", "application/octet-stream"),
    ])
    func theContentTypeFollowsTheExtension(path: String, contentType: String) throws {
        #expect(try #require(files.file(at: path)).contentType == contentType)
    }

    @Test func theETagIsAQuotedFingerprintOfTheBytes() throws {
        let site = try #require(files.file(at: "/site.css"))
        let copy = try #require(files.file(at: "/copy.css"))
        let app = try #require(files.file(at: "/css/app.css"))
        #expect(site.etag.hasPrefix("\"") && site.etag.hasSuffix("\"") && site.etag.count > 2)
        #expect(site.etag.dropFirst().dropLast().allSatisfy { $0.isHexDigit })
        #expect(site.etag == copy.etag)
        #expect(site.etag != app.etag)
    }

    @Test func theETagIsStableAcrossLoads() throws {
        let again = try StaticFiles(directory: folder.publicPath)
        #expect(again.file(at: "/site.css")?.etag == files.file(at: "/site.css")?.etag)
    }

    @Test func lastModifiedIsTheFileModificationTimeInSeconds() throws {
        #expect(try #require(files.file(at: "/logo.svg")).lastModified == StaticFolder.modified)
    }

    @Test func requestPathsArePercentDecoded() {
        #expect(files.file(at: "/hello%20world.txt") != nil)
        #expect(files.file(at: "/%73ite.css") != nil)
        #expect(files.file(at: "/css%2Fapp.css") != nil)
    }

    @Test func aPlusInAPathIsALiteralPlus() {
        #expect(files.file(at: "/c++.txt") != nil)
        #expect(files.file(at: "/c%2B%2B.txt") != nil)
        #expect(files.file(at: "/hello+world.txt") == nil)
    }

    @Test func pathsAreCaseSensitiveAndExact() {
        #expect(files.file(at: "/SITE.CSS") == nil)
        #expect(files.file(at: "/site.css/") == nil)
        #expect(files.file(at: "site.css") == nil)
        #expect(files.file(at: "/css") == nil)
        #expect(files.file(at: "/") == nil)
        #expect(files.file(at: "") == nil)
    }

    @Test func theFolderMayBeGivenWithATrailingSlashOrDotSegments() throws {
        let trailing = try StaticFiles(directory: folder.publicPath + "/")
        let dotted = try StaticFiles(directory: folder.publicPath + "/css/..")
        #expect(trailing.paths == files.paths)
        #expect(dotted.paths == files.paths)
    }
}
