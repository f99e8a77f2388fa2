import Foundation
import HTTPServer

/// A temporary folder for static-file tests, removed when the value goes away:
///
///     <base>/public/site.css, copy.css (same bytes), logo.svg, data.bin, hello world.txt, c++.txt
///     <base>/public/css/app.css, css/nested/deep.txt
///     <base>/public/inside.css -> site.css                   (symlink inside the folder: served)
///     <base>/public/leak.txt -> ../secret.txt                (symlink outside: never served)
///     <base>/public/leak-dir -> ../private                   (directory outside: never served)
///     <base>/public/prefix-leak.txt -> ../public-private/key.txt
///     <base>/secret.txt, <base>/private/key.txt, <base>/public-private/key.txt
///
/// Every regular file is last modified at `StaticFolder.modified`.
final class StaticFolder: Sendable {
    static let modified = 1_700_000_000
    static let siteCSS = "body { color: #123; }\n"

    let base: String
    var publicPath: String { base + "/public" }

    init() throws {
        base = NSTemporaryDirectory() + "koober-static-\(UUID().uuidString)"
        let files = [
            "public/site.css": Self.siteCSS,
            "public/copy.css": Self.siteCSS,
            "public/logo.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n",
            "public/data.bin": "\u{1}\u{2}\u{3}",
            "public/hello world.txt": "hello\n",
            "public/c++.txt": "plus\n",
            "public/css/app.css": ".app { margin: 0; }\n",
            "public/css/nested/deep.txt": "deep\n",
            "secret.txt": "secret outside the folder\n",
            "private/key.txt": "private key\n",
            "public-private/key.txt": "key beside the folder\n",
        ]
        let manager = FileManager.default
        for (path, contents) in files {
            let url = URL(fileURLWithPath: base + "/" + path)
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(contents.utf8).write(to: url)
            try manager.setAttributes(
                [.modificationDate: Date(timeIntervalSince1970: TimeInterval(Self.modified))],
                ofItemAtPath: url.path
            )
        }
        let links = [
            "public/inside.css": "site.css",
            "public/leak.txt": "../secret.txt",
            "public/leak-dir": "../private",
            "public/prefix-leak.txt": "../public-private/key.txt",
        ]
        for (path, destination) in links {
            try manager.createSymbolicLink(atPath: base + "/" + path, withDestinationPath: destination)
        }
    }

    deinit {
        try? FileManager.default.removeItem(atPath: base)
    }

    /// The folder's files behind `StaticFileMiddleware`, in front of a responder that answers 404 `next`.
    func responder() throws -> any Responder {
        fallThrough.with(StaticFileMiddleware(files: try StaticFiles(directory: publicPath)))
    }
}

/// The responder behind static files in tests: it answers every request `404` with the body `next`.
let fallThrough = ClosureResponder { _ in .text("next", status: .notFound) }
