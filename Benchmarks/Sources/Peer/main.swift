import Foundation
import Hummingbird
import Mustache

/// The peer: Hummingbird 2 serving plaintext at `/plaintext` and Koober's pick-me-up page at `/ride` from Koober's own
/// Mustache templates with the same data, without a database — the template library loaded once, the context built
/// once, in swift-mustache's fastest form. `Peer <port> <templates folder> <ride page JSON>`.
let arguments = CommandLine.arguments
guard arguments.count == 4, let port = Int(arguments[1]) else {
    print("usage: Peer <port> <templates folder> <ride page JSON>")
    exit(64)
}
let data = try JSONDecoder().decode(RidePageData.self, from: Data(contentsOf: URL(fileURLWithPath: arguments[3])))
var library = try await MustacheLibrary(directory: arguments[2])
try library.register(data.assetVersion, named: "asset-version")
let page = RidePage(library: library, context: data.context)

let router = Router()
router.get("plaintext") { _, _ in "Hello, World!" }
router.get("ride") { _, _ in HTML(page.render()) }
let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)))
try await app.runService()

/// The pick-me-up page's templates and context, neither changed after start.
struct RidePage: @unchecked Sendable {
    let library: MustacheLibrary
    let context: [String: Any]

    func render() -> String {
        library.render(context, withTemplate: "ride") ?? ""
    }
}

/// An HTML page, as Hummingbird's examples answer one.
struct HTML: ResponseGenerator {
    let html: String

    init(_ html: String) {
        self.html = html
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        Response(
            status: .ok,
            headers: [.contentType: "text/html; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(string: html))
        )
    }
}
