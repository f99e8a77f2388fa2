/// The repository's own folders, found from this file's location so tests run from any working directory.
public enum ProjectPaths {
    public static let root: String = {
        var components = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        components.removeLast(3)  // Sources/TestKit/ProjectPaths.swift
        return components.joined(separator: "/")
    }()
    public static let templates = root + "/Templates"
    public static let publicFiles = root + "/Public"
}
