import HTTPServer
import Testing

@Suite("Static files served over TCP")
struct StaticFilesOverTCPTests {
    let folder: StaticFolder

    init() throws {
        folder = try StaticFolder()
    }

    @Test func headGivesTheHeadersOfGetAndNoBody() async throws {
        try await withServer(responder: folder.responder()) { server in
            let connection = try await server.connect()
            try await connection.send(RawRequest.get("/site.css"))
            let get = try await connection.readResponse()
            // A body after the HEAD response would be read as the start of the next response and fail it.
            try await connection.send(RawRequest.head("/site.css") + RawRequest.get("/logo.svg"))
            let head = try await connection.readResponse(toHEAD: true)
            let next = try await connection.readResponse()

            #expect(get.status == 200)
            #expect(get.bodyText == StaticFolder.siteCSS)
            #expect(head.status == 200)
            #expect(head.header("Content-Length") == String(StaticFolder.siteCSS.utf8.count))
            for name in ["Content-Type", "ETag", "Last-Modified", "Cache-Control"] {
                #expect(head.header(name) != nil)
                #expect(head.header(name) == get.header(name), "\(name)")
            }
            #expect(next.status == 200)
            #expect(next.header("Content-Type") == "image/svg+xml")
            #expect(try await connection.unparsedBytes().isEmpty)
        }
    }

    @Test func notModifiedHasNoBodyAndKeepsTheConnectionUsable() async throws {
        try await withServer(responder: folder.responder()) { server in
            let connection = try await server.connect()
            try await connection.send(RawRequest.get("/site.css"))
            let etag = try #require(try await connection.readResponse().header("ETag"))
            try await connection.send(
                RawRequest.get("/site.css", headers: ["If-None-Match: \(etag)"]) + RawRequest.get("/logo.svg")
            )
            let responses = try await connection.readResponses(2)
            #expect(responses[0].status == 304)
            #expect(responses[0].header("Content-Length") == nil)
            #expect(responses[0].header("Transfer-Encoding") == nil)
            #expect(responses[0].header("ETag") == etag)
            #expect(responses[1].status == 200)
            #expect(responses[1].header("Content-Type") == "image/svg+xml")
        }
    }

    @Test func postToAStaticPathFallsThrough() async throws {
        try await withServer(responder: folder.responder()) { server in
            let response = try await server.response(to: RawRequest.post("/site.css", body: "x=1"))
            #expect(response.status == 404)
            #expect(response.bodyText == "next")
        }
    }
}
