import HTMLReading

extension TestBrowser {
    /// Types `value` into the text field or text area labelled `label`, replacing what it held.
    public func fillIn(_ label: String, with value: String) throws {
        let control = try control(labelled: label)
        let textTypes: Set = [
            "text", "email", "password", "search", "tel", "url", "number", "date", "time",
            "datetime-local", "month", "week", "color", "range",
        ]
        guard control.name == "textarea" || (control.name == "input" && textTypes.contains(Self.inputType(control)))
        else { throw TestBrowserError.wrongKindOfField(label, element: Self.kind(of: control)) }
        formValues[control.path] = .text(value)
    }

    /// Checks the radio button or checkbox labelled `label`; the other radio buttons of its group uncheck.
    public func choose(_ label: String) throws {
        let control = try control(labelled: label)
        switch (control.name, Self.inputType(control)) {
        case ("input", "checkbox"):
            formValues[control.path] = .checked(true)
        case ("input", "radio"):
            for radio in try radioGroup(of: control) { formValues[radio.path] = .checked(false) }
            formValues[control.path] = .checked(true)
        default:
            throw TestBrowserError.wrongKindOfField(label, element: Self.kind(of: control))
        }
    }

    /// Unchecks the checkbox labelled `label`.
    public func uncheck(_ label: String) throws {
        let control = try control(labelled: label)
        guard control.name == "input", Self.inputType(control) == "checkbox" else {
            throw TestBrowserError.wrongKindOfField(label, element: Self.kind(of: control))
        }
        formValues[control.path] = .checked(false)
    }

    /// Selects the option whose text is `option` in the `<select>` labelled `label`; in a multiple select
    /// the option is added to those already selected.
    public func select(_ option: String, from label: String) throws {
        let control = try control(labelled: label)
        guard control.name == "select" else {
            throw TestBrowserError.wrongKindOfField(label, element: Self.kind(of: control))
        }
        let options = try currentPage().all("\(control.path)//option")
        guard let chosen = options.first(where: { $0.text == option || $0[attribute: "label"] == option }) else {
            throw TestBrowserError.noSuchOption(option, field: label)
        }
        guard control.has("multiple") else {
            formValues[control.path] = .selected([chosen.path])
            return
        }
        var selected: [String]
        if case .selected(let paths) = formValues[control.path] {
            selected = paths
        } else {
            selected = options.filter { $0.has("selected") }.map(\.path)
        }
        if !selected.contains(chosen.path) { selected.append(chosen.path) }
        formValues[control.path] = .selected(selected)
    }

    /// The `type` of an `<input>`, lowercase, `text` when absent.
    static func inputType(_ control: HTMLElement) -> String {
        control[attribute: "type"]?.lowercased() ?? "text"
    }

    private static func kind(of control: HTMLElement) -> String {
        control.name == "input" ? "<input type=\(inputType(control))>" : "<\(control.name)>"
    }

    /// The radio buttons with the same name in the same form as `radio` (or outside any form), itself included.
    private func radioGroup(of radio: HTMLElement) throws -> [HTMLElement] {
        let page = try currentPage()
        let name = XPath.literal(radio[attribute: "name"] ?? "")
        if let form = try page.first("\(radio.path)/ancestor::form[1]") {
            return try page.all("\(form.path)//input[@type='radio'][@name=\(name)]")
        }
        return try page.all("//input[@type='radio'][@name=\(name)][not(ancestor::form)]")
    }
}
