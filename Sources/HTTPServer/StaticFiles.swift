import Foundation
import NIOCore

/// The files of a public folder, read once at start-up and served from memory.
///
/// Only files found under the folder when it is loaded can ever be served: a request path is a key into
/// this catalogue, never a path handed to the file system, so `..`, encoded dots and symlinks that lead
/// outside the folder cannot reach anything else.
public struct StaticFiles: Sendable {
    public struct File: Sendable {
        public let contents: ByteBuffer
        public let contentType: String
        public let etag: String
        /// Seconds since 1970, whole seconds (HTTP dates have no finer grain).
        public let lastModified: Int
    }

    private let files: [String: File]

    /// A fingerprint of every file's path and bytes: pages add it to asset URLs (`?v=…`), so a deploy that
    /// changes any file changes every URL, and browsers may keep what they fetched for a year.
    public let version: String

    /// Why the public folder could not be loaded.
    public struct LoadError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Loads every regular file below `directory` whose real location is inside it; a missing folder is an error,
    /// so a wrong `--public` stops start-up instead of serving a site without its styles.
    public init(directory: String) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw LoadError(description: "The public folder \(directory) does not exist")
        }
        let root = URL(fileURLWithPath: directory).standardizedFileURL.resolvingSymlinksInPath()
        let rootPath = root.path.hasSuffix("/") ? root.path : root.path + "/"
        var files: [String: File] = [:]
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            let real = url.resolvingSymlinksInPath()
            var isDirectory: ObjCBool = false
            guard real.path.hasPrefix(rootPath),
                FileManager.default.fileExists(atPath: real.path, isDirectory: &isDirectory),
                !isDirectory.boolValue
            else { continue }
            let relative = String(url.standardizedFileURL.path.dropFirst(rootPath.count - 1))
            files[relative] = try Self.load(real)
        }
        self.files = files
        let fingerprint = files.sorted { $0.key < $1.key }.reduce(FNV1a.offsetBasis) { hash, entry in
            FNV1a.hash(Array(entry.key.utf8) + [0] + Array(entry.value.etag.utf8), continuing: hash)
        }
        version = String(fingerprint, radix: 16)
    }

    /// The file served at `path` (a request path, still percent-encoded), if any.
    public func file(at path: String) -> File? {
        guard let decoded = Self.decodePath(path) else { return nil }
        return files[decoded]
    }

    /// Every URL path served, sorted.
    public var paths: [String] { files.keys.sorted() }

    /// Percent-decodes a request path; `nil` when it is not valid UTF-8 or has a bad escape or a NUL.
    /// A `+` stays a plus (it means a space only in forms), so it is escaped before form decoding.
    package static func decodePath(_ path: String) -> String? {
        guard path.hasPrefix("/") else { return nil }
        let bytes = path.utf8.flatMap { $0 == UInt8(ascii: "+") ? Array("%2B".utf8) : [$0] }
        switch Result(catching: { () throws(FormDecodingError) in try URLEncodedForm.decodeComponent(bytes) }) {
        case .success(let decoded) where !decoded.utf8.contains(0): return decoded
        case .success, .failure: return nil  // a bad escape, invalid UTF-8 or a NUL names no file
        }
    }

    private static func load(_ url: URL) throws -> File {
        let data = try Data(contentsOf: url)
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        return File(
            contents: ByteBuffer(bytes: data),
            contentType: MediaType.forExtension(url.pathExtension),
            etag: "\"\(String(FNV1a.hash(data), radix: 16))\"",
            lastModified: Int(modified)
        )
    }
}
