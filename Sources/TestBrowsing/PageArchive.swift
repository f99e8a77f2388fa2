import Foundation
import HTTPServer
import NIOHTTP1

/// Keeps a copy of every HTML page test browsers receive (and of the HTML parts of the mail the tests compose), for the Nu HTML Checker to validate in CI
/// (`scripts/validate-html`). Off unless the environment names a folder: `KOOBER_PAGE_ARCHIVE=/tmp/pages swift test`.
public struct PageArchive: Sendable {
    static let environmentVariable = "KOOBER_PAGE_ARCHIVE"
    /// The archive the environment asks for, if any.
    public static let current: PageArchive? = ProcessInfo.processInfo.environment[environmentVariable].map(
        PageArchive.init)

    let folder: String

    /// Saves `html`, received at `target` with `status`. Pages that differ only in their form tokens are kept once.
    public func save(_ html: String, target: String, status: HTTPResponseStatus) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let shape = html.replacing(#/name="csrf_token" value="[^"]*"/#, with: "")
        let place = String(target.prefix { $0 != "?" }.map { $0.isLetter || $0.isNumber ? $0 : "-" })
        let name = "\(place)-\(status.code)-\(String(FNV1a.hash(shape.utf8), radix: 16)).html"
        try html.write(toFile: "\(folder)/\(name)", atomically: true, encoding: .utf8)
    }
}
