import Foundation
import Hummingbird
import Mustache
import MustacheRendering

/// The peer: Hummingbird 2 serving plaintext at `/plaintext` and Koober's pick-me-up page at `/ride` from Koober's own
/// Mustache templates with the same data, without a database — the template library loaded once, the context built
/// once, in swift-mustache's fastest form. `Peer <port> <templates folder> <ride.json>`, the data Koober kept of its
/// own `/ride` page (`koober --keep-view-data`): the peer renders exactly what Koober rendered, and nothing of it is
/// kept by hand.
let arguments = CommandLine.arguments
guard arguments.count == 4, let port = Int(arguments[1]) else {
    print("usage: Peer <port> <templates folder> <ride.json kept by koober --keep-view-data>")
    exit(64)
}
let kept = try JSONDecoder().decode(KeptPage.self, from: Data(contentsOf: URL(fileURLWithPath: arguments[3])))
var library = try await MustacheLibrary(directory: arguments[2])
try library.register(kept.assetVersion, named: "asset-version")
let page = RidePage(library: library, template: kept.template, context: kept.viewData.plainValue)

let router = Router()
router.get("plaintext") { _, _ in "Hello, World!" }
router.get("ride") { _, _ in HTML(page.render()) }
let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)))
try await app.runService()

/// What `koober --keep-view-data` writes of a page (Koober's `KeptViewData`).
struct KeptPage: Decodable {
    let template: String
    let assetVersion: String
    let viewData: TemplateValue
}

/// The pick-me-up page's templates and context (dictionaries, arrays, strings and booleans, which swift-mustache reads
/// without reflection), neither changed after start.
struct RidePage: @unchecked Sendable {
    let library: MustacheLibrary
    let template: String
    let context: Any

    func render() -> String {
        library.render(context, withTemplate: template) ?? ""
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
