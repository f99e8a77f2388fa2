import HTMLReading
import HTTPServer
import NIOCore
import NIOHTTP1

/// What a browser sends when a form is submitted (the HTML "constructing the entry list" algorithm, for
/// `application/x-www-form-urlencoded`): the successful controls in document order.
///
/// A control counts when it has a name and is not disabled (itself or through a `<fieldset disabled>`):
/// text-like inputs and text areas with their typed or default value, checked checkboxes and radio buttons
/// (`on` without a value), the selected options of a `<select>` (its first option when none is selected), and
/// the pressed button alone among the buttons. File inputs send an empty value.
struct FormSubmission {
    var method: HTTPMethod
    /// Path and query to send the request to; for a GET the fields replace the action's query.
    var target: String
    /// The encoded fields for a POST; `nil` for a GET.
    var body: ByteBuffer?
    var fields: [(name: String, value: String)]

    init(
        form: HTMLElement,
        submitter: HTMLElement,
        on page: HTMLDocument,
        values: [String: FormValue],
        at currentURL: String
    ) throws {
        fields = try Self.entryList(form: form, submitter: submitter, on: page, values: values)
        let formMethod = submitter[attribute: "formmethod"] ?? form[attribute: "method"]
        method = formMethod?.lowercased() == "post" ? .POST : .GET
        let action = submitter[attribute: "formaction"] ?? form[attribute: "action"] ?? ""
        let url = URLReference.resolve(action, against: currentURL)
        let encoded = URLEncodedForm.encode(fields)
        if method == .POST {
            target = url
            body = ByteBuffer(string: encoded)
        } else {
            target = url.prefix { $0 != "?" } + "?" + encoded
            body = nil
        }
    }

    private static func entryList(
        form: HTMLElement,
        submitter: HTMLElement,
        on page: HTMLDocument,
        values: [String: FormValue]
    ) throws -> [(name: String, value: String)] {
        var fields: [(name: String, value: String)] = []
        let isControl = "self::input or self::button or self::select or self::textarea"
        let enabled = "not(@disabled) and not(ancestor::fieldset[@disabled])"
        var query = "\(form.path)//*[\(isControl)][\(enabled)]"
        if let id = form[attribute: "id"] { query += " | //*[\(isControl)][\(enabled)][@form=\(XPath.literal(id))]" }
        for control in try page.all(query) {
            guard let name = control[attribute: "name"], !name.isEmpty,
                control[attribute: "form"] == nil || control[attribute: "form"] == form[attribute: "id"]
            else { continue }
            try append(control, named: name, to: &fields, submitter: submitter, page: page, value: values[control.path])
        }
        return fields
    }

    private static func append(
        _ control: HTMLElement,
        named name: String,
        to fields: inout [(name: String, value: String)],
        submitter: HTMLElement,
        page: HTMLDocument,
        value: FormValue?
    ) throws {
        switch (control.name, control.name == "input" ? TestBrowser.inputType(control) : control.name) {
        case (_, "submit"), ("button", _):
            if control.path == submitter.path { fields.append((name, control[attribute: "value"] ?? "")) }
        case (_, "image"):
            if control.path == submitter.path { fields += [("\(name).x", "0"), ("\(name).y", "0")] }
        case (_, "button"), (_, "reset"):
            break
        case (_, "checkbox"), (_, "radio"):
            let isChecked = if case .checked(let checked) = value { checked } else { control.has("checked") }
            if isChecked { fields.append((name, control[attribute: "value"] ?? "on")) }
        case (_, "file"):
            fields.append((name, ""))
        case ("textarea", _):
            let text = if case .text(let typed) = value { typed } else { defaultText(of: control) }
            fields.append((name, normalizingLineBreaks(text)))
        case ("select", _):
            for option in try selectedOptions(of: control, on: page, value: value) {
                fields.append((name, option[attribute: "value"] ?? option.text))
            }
        default:
            let text = if case .text(let typed) = value { typed } else { control[attribute: "value"] ?? "" }
            fields.append((name, text))
        }
    }

    private static func selectedOptions(of select: HTMLElement, on page: HTMLDocument, value: FormValue?) throws
        -> [HTMLElement]
    {
        let options = try page.all("\(select.path)//option")
        let selected: [HTMLElement]
        if case .selected(let paths) = value {
            selected = options.filter { paths.contains($0.path) }
        } else {
            selected = options.filter { $0.has("selected") }
        }
        // A single select shows (and sends) its first option until another is chosen.
        if selected.isEmpty, !select.has("multiple"), let first = options.first(where: { !$0.has("disabled") }) {
            return [first]
        }
        return selected.filter { !$0.has("disabled") }
    }

    /// A text area's initial value: its text, less the one line break that may follow the start tag.
    private static func defaultText(of textarea: HTMLElement) -> String {
        let text = textarea.rawText
        if text.hasPrefix("\r\n") { return String(text.dropFirst(2)) }  // "\r\n" is one Character
        return text.hasPrefix("\n") ? String(text.dropFirst()) : text
    }

    /// Browsers send a text area's line breaks as CRLF.
    private static func normalizingLineBreaks(_ text: String) -> String {
        var result = ""
        for character in text {
            result += character == "\r\n" || character == "\n" || character == "\r" ? "\r\n" : String(character)
        }
        return result
    }
}
