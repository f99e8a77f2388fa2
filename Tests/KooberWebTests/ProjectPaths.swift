/// Where the project's own folders are, found from this file's location so tests run from any directory.
enum ProjectPaths {
    static let root: String = {
        var components = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        components.removeLast(3)  // Tests/KooberWebTests/ProjectPaths.swift
        return components.joined(separator: "/")
    }()
    static let templates = root + "/Templates"
    static let publicFiles = root + "/Public"
}
