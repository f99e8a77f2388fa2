import KooberWeb
import Synchronization

extension KooberTestApp {
    /// The templates of `directory`, loaded once for every app of the test process: a `TemplateRenderer` is an
    /// immutable value, and loading one parses every template once per language, which hundreds of apps in one run
    /// would otherwise repeat (enough CPU to starve the suite's timing-sensitive tests of a busy machine).
    static func templates(in directory: String, assetVersion: String) throws -> TemplateRenderer {
        let key = "\(directory)\u{0}\(assetVersion)"
        if let loaded = loadedTemplates.withLock({ $0[key] }) { return loaded }
        let loaded = try TemplateRenderer(directory: directory, assetVersion: assetVersion)
        loadedTemplates.withLock { $0[key] = loaded }
        return loaded
    }

    private static let loadedTemplates = Mutex<[String: TemplateRenderer]>([:])
}
