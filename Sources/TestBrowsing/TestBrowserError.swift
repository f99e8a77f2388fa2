/// What a `TestBrowser` could not do, said the way a person at the keyboard would say it.
public enum TestBrowserError: Error, Equatable, CustomStringConvertible {
    /// No request has been made yet, so there is no page to act on.
    case noPage
    /// The last response is not an HTML page, so there is nothing to click or fill in.
    case notHTML(contentType: String?)
    case noSuchLink(String)
    /// Several links have this text but lead to different places.
    case ambiguousLink(String, hrefs: [String])
    case noSuchField(String)
    case ambiguousField(String, count: Int)
    /// The label names a control of another kind, e.g. `fillIn` on a `<select>`.
    case wrongKindOfField(String, element: String)
    /// A `<select>` has no option with this text.
    case noSuchOption(String, field: String)
    case noSuchButton(String)
    case ambiguousButton(String, count: Int)
    /// The button is not inside a form (nor names one), so pressing it submits nothing.
    case buttonOutsideForm(String)
    /// The button is disabled: a person cannot press it.
    case disabledButton(String)
    /// A `type=button` or `type=reset` button: without JavaScript, pressing it sends nothing.
    case buttonDoesNotSubmit(String)
    /// More than 10 redirects in a row; `path` is where the last one pointed.
    case tooManyRedirects(path: String)

    public var description: String {
        switch self {
        case .noPage: "no page yet: visit one first"
        case .notHTML(let contentType): "the response is not HTML (Content-Type: \(contentType ?? "none"))"
        case .noSuchLink(let text): "no link with the text or aria-label \"\(text)\""
        case .ambiguousLink(let text, let hrefs): "several links \"\(text)\": \(hrefs.joined(separator: ", "))"
        case .noSuchField(let label): "no field labelled \"\(label)\""
        case .ambiguousField(let label, let count): "\(count) fields labelled \"\(label)\""
        case .wrongKindOfField(let label, let element): "the field \"\(label)\" is a \(element)"
        case .noSuchOption(let option, let field): "no option \"\(option)\" in \"\(field)\""
        case .noSuchButton(let text): "no button with the text, value or aria-label \"\(text)\""
        case .ambiguousButton(let text, let count): "\(count) buttons \"\(text)\""
        case .buttonOutsideForm(let text): "the button \"\(text)\" belongs to no form"
        case .disabledButton(let text): "the button \"\(text)\" is disabled"
        case .buttonDoesNotSubmit(let text): "the button \"\(text)\" does not submit its form"
        case .tooManyRedirects(let path): "more than 10 redirects in a row, the last to \(path)"
        }
    }
}
