import Foundation

extension TemplateLibrary {
    /// Why a folder's templates could not be loaded; the message names the file.
    public struct LoadError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Every `<name>.mustache` file in `directory`, parsed, as the template `name`; other files are ignored, and a
    /// folder that cannot be listed gives an empty library. Throws naming the first file, in name order, that is not
    /// UTF-8 text or does not parse.
    public init(directory: String) throws(LoadError) {
        self.init()
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        for file in files.sorted() where file.hasSuffix(".mustache") {
            let path = "\(directory)/\(file)"
            guard let data = FileManager.default.contents(atPath: path),
                let text = String(validating: data, as: UTF8.self)
            else {
                throw LoadError(description: "Template \(path) cannot be read as UTF-8 text")
            }
            do {
                self[String(file.dropLast(".mustache".count))] = try Template(parsing: text)
            } catch {
                throw LoadError(description: "Template \(path) does not parse: \(error)")
            }
        }
    }
}
