/// What the user did to one form control, overriding the value the page came with.
enum FormValue: Sendable, Equatable {
    /// Typed into a text field or text area.
    case text(String)
    /// A checkbox or radio button checked or unchecked.
    case checked(Bool)
    /// The options chosen in a `<select>`, by their paths.
    case selected([String])
}
