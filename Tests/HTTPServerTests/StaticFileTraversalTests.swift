import HTTPServer
import Testing

/// Paths that try to reach files outside the public folder, or that are not clean paths at all: none of them
/// may be served; they all go on to the next responder.
private let hostilePaths = [
    "/../secret.txt",
    "/%2e%2e/secret.txt",
    "/%2E%2E/secret.txt",
    "/css/../../secret.txt",
    "/css/%2e%2e/%2e%2e/secret.txt",
    "/css/..%2fsecret",
    "/css/..%2f..%2fsecret.txt",
    "/css/..%5c..%5csecret.txt",
    "/%c0%ae%c0%ae/secret.txt",
    "//secret.txt",
    "/../private/key.txt",
    "/../public-private/key.txt",
    "/leak.txt",
    "/leak-dir/key.txt",
    "/prefix-leak.txt",
    "/site.css%00",
    "/site.css%00.png",
    "/%00/site.css",
    "/site%zz.css",
    "/site.css%",
    "/site.css%2",
    "/%ff.css",
    "/css/../site.css",
    "/./site.css",
]

@Suite("StaticFileMiddleware never serves outside its folder")
struct StaticFileTraversalTests {
    let folder: StaticFolder

    init() throws {
        folder = try StaticFolder()
    }

    @Test(arguments: hostilePaths)
    func aHostilePathFallsThroughToTheNextResponder(path: String) async throws {
        let response = try await folder.responder().respond(to: Request(method: .GET, uri: path))
        #expect(response.status == .notFound)
        #expect(response.bodyText == "next")
    }

    @Test func hostilePathsSentOverTCPFallThroughToTheNextResponder() async throws {
        try await withServer(responder: folder.responder()) { server in
            for path in hostilePaths {
                let response = try await server.response(to: RawRequest.get(path))
                #expect(response.status == 404, "\(path)")
                #expect(response.bodyText == "next", "\(path)")
                #expect(!response.bodyText.contains("secret") && !response.bodyText.contains("key"), "\(path)")
            }
            #expect(try await server.response(to: RawRequest.get("/site.css")).status == 200)
        }
    }
}
