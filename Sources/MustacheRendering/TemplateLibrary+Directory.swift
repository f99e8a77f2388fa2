import Foundation

extension TemplateLibrary {
    /// Why a folder's templates could not be loaded; the message names the file.
    public struct LoadError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Every `<name>.mustache` file in `directory`, parsed, as the template `name`; other files are ignored, and a
    /// folder that cannot be listed gives an empty library. `prepare` may rewrite each file's text (by its name)
    /// before it is parsed. Throws naming the first file, in name order, that is not UTF-8 text, that `prepare`
    /// refuses, or that does not parse.
    public init(
        directory: String, preparing prepare: (_ name: String, _ text: String) throws -> String = { $1 }
    ) throws(LoadError) {
        self.init()
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        for file in files.sorted() where file.hasSuffix(".mustache") {
            let path = "\(directory)/\(file)"
            guard let data = FileManager.default.contents(atPath: path),
                let text = String(validating: data, as: UTF8.self)
            else {
                throw LoadError(description: "Template \(path) cannot be read as UTF-8 text")
            }
            let name = String(file.dropLast(".mustache".count))
            let prepared: String
            do {
                prepared = try prepare(name, text)
            } catch {
                throw LoadError(description: "Template \(path) cannot be prepared: \(error)")
            }
            do {
                self[name] = try Template(parsing: prepared)
            } catch {
                throw LoadError(description: "Template \(path) does not parse: \(error)")
            }
        }
    }
}
