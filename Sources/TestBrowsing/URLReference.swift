/// Resolves the URLs a page or a redirect names (links, form actions, `Location`) against the current one.
///
/// The browser talks to one host, so an absolute URL keeps only its path and query. Fragments are dropped:
/// they never reach the server.
enum URLReference {
    /// The path and query that `reference` leads to from `base` (a path with an optional query).
    static func resolve(_ reference: String, against base: String) -> String {
        var reference = Substring(reference.prefix { $0 != "#" })
        if let schemeEnd = reference.range(of: "://"),
            reference[..<schemeEnd.lowerBound].allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) })
        {
            reference = withoutAuthority(reference[schemeEnd.upperBound...])
        } else if reference.hasPrefix("//") {
            reference = withoutAuthority(reference.dropFirst(2))
        }
        let pathOfBase = base.prefix { $0 != "?" }
        let basePath = pathOfBase.hasPrefix("/") ? pathOfBase : "/" + pathOfBase
        if reference.isEmpty { return base }
        if reference.hasPrefix("?") { return String(basePath + reference) }
        let (path, query) = split(reference)
        let merged: Substring
        if path.isEmpty {
            merged = basePath
        } else if path.hasPrefix("/") {
            merged = path
        } else {
            merged = basePath[...basePath.lastIndex(of: "/")!] + path
        }
        return removingDotSegments(String(merged)) + query
    }

    /// `host:port/path?query` without the `host:port`; an empty path becomes `/`.
    private static func withoutAuthority(_ rest: Substring) -> Substring {
        let pathStart = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
        let pathAndQuery = rest[pathStart...]
        return pathAndQuery.hasPrefix("/") ? pathAndQuery : "/" + pathAndQuery
    }

    private static func split(_ reference: Substring) -> (path: Substring, query: Substring) {
        let mark = reference.firstIndex(of: "?") ?? reference.endIndex
        return (reference[..<mark], reference[mark...])
    }

    /// RFC 3986 §5.2.4 for an absolute path: `/a/./b/../c` becomes `/a/c`; `..` never climbs above `/`.
    static func removingDotSegments(_ path: String) -> String {
        var output: [Substring] = []
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        for (offset, segment) in segments.enumerated() {
            let isLast = offset == segments.count - 1
            switch segment {
            case ".":
                if isLast { output.append("") }
            case "..":
                if !output.isEmpty { output.removeLast() }
                if isLast { output.append("") }
            default:
                output.append(segment)
            }
        }
        return "/" + output.joined(separator: "/")
    }
}
