/// A view state as a template reads it: made by `TemplateContext` from the view state's `encode(to:)`, read by
/// `TemplateLibrary` without casts or reflection.
enum TemplateValue {
    /// A string, or a number written as Swift writes it (`12`, `12.5`).
    case text(String)
    case bool(Bool)
    case list([TemplateValue])
    /// A struct's stored properties (or a dictionary's entries) by name; a `nil` property is left out.
    case object([String: TemplateValue])

    /// The value at `path` below this one (`["error", "title"]` for `{{error.title}}`), if every step is there.
    func value(at path: ArraySlice<String>) -> TemplateValue? {
        guard let name = path.first else { return self }
        guard case .object(let properties) = self, let child = properties[name] else { return nil }
        return child.value(at: path.dropFirst())
    }
}
