import HTTPServer
import TestKit

/// The static-file path decoder: a request path finds a file only when it decodes exactly to that file's path,
/// a path inside `Public/` with no `..` segment and no NUL.
public final class StaticPathFuzzTarget: FuzzTarget {
    public static let shared = StaticPathFuzzTarget()
    public let name = "static-path"
    private let files: StaticFiles
    private let served: Set<String>

    private init() {
        do {
            files = try StaticFiles(directory: ProjectPaths.publicFiles)
        } catch {
            fatalError("The fuzzer needs the public folder: \(error)")
        }
        served = Set(files.paths)
    }

    public func check(_ input: [UInt8]) throws(FuzzFinding) {
        let path = String(decoding: input, as: UTF8.self)
        let decoded = StaticFiles.decodePath(path)
        if let decoded {
            guard decoded.hasPrefix("/"), !decoded.utf8.contains(0) else {
                throw FuzzFinding("\(path.debugDescription) decoded to \(decoded.debugDescription)")
            }
        }
        guard files.file(at: path) != nil else { return }
        guard let decoded, served.contains(decoded), !decoded.split(separator: "/").contains("..") else {
            throw FuzzFinding("\(path.debugDescription) found a file it does not name")
        }
    }
}
