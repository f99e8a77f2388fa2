/// A value as a template reads it: text, a boolean, a list, or an object whose properties the template names.
/// Made from an `Encodable` value by `init(encoding:)`, and read by `TemplateLibrary` without casts or reflection.
public enum TemplateValue: Sendable {
    /// A string, or a number written as Swift writes it (`12`, `12.5`).
    case text(String)
    case bool(Bool)
    case list([TemplateValue])
    /// A struct's stored properties (or a dictionary's entries) by name; a `nil` property is left out.
    case object([String: TemplateValue])

    /// `value` as templates read it: every struct an `.object` of its stored properties, every array a `.list`, a
    /// `nil` property left out (so a template looks its name up the context stack, as Mustache does for a missing
    /// name). Encoding reads each property through the `encode(to:)` the compiler writes, with no reflection.
    public init(encoding value: some Encodable) {
        self = TemplateEncoding.value(encoding: value)
    }

    /// The value at `path` below this one (`["error", "title"]` for `{{error.title}}`), if every step is there.
    func value(at path: ArraySlice<String>) -> TemplateValue? {
        guard let name = path.first else { return self }
        guard case .object(let properties) = self, let child = properties[name] else { return nil }
        return child.value(at: path.dropFirst())
    }
}
