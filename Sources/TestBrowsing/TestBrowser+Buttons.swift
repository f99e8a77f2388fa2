import HTMLReading

extension TestBrowser {
    /// Presses the submit button whose text, `value` or `aria-label` is `buttonText`, and submits its form as a
    /// browser does (see `FormSubmission`), following the redirects that come back.
    nonisolated(nonsending) public func press(_ buttonText: String) async throws {
        let page = try currentPage()
        let button = try button(named: buttonText, in: page)
        let type = button[attribute: "type"]?.lowercased() ?? (button.name == "button" ? "submit" : "text")
        guard type == "submit" || type == "image" else { throw TestBrowserError.buttonDoesNotSubmit(buttonText) }
        guard !button.has("disabled") else { throw TestBrowserError.disabledButton(buttonText) }
        let form: HTMLElement?
        if let id = button[attribute: "form"] {
            form = try page.first("//form[@id=\(XPath.literal(id))]")
        } else {
            form = try page.first("\(button.path)/ancestor::form[1]")
        }
        guard let form else { throw TestBrowserError.buttonOutsideForm(buttonText) }
        let submission = try FormSubmission(form: form, submitter: button, on: page, values: formValues, at: path)
        try await navigate(submission.method, to: submission.target, form: submission.body)
    }

    private func button(named text: String, in page: HTMLDocument) throws -> HTMLElement {
        let candidates = try page.all(
            "//button | //input[@type='submit' or @type='button' or @type='reset' or @type='image']"
        )
        let buttons = candidates.filter { button in
            if button[attribute: "aria-label"] == text { return true }
            switch button.name {
            case "button": return button.text == text
            default: return (button[attribute: "value"] ?? button[attribute: "alt"])?.collapsingWhitespace == text
            }
        }
        guard let button = buttons.first else { throw TestBrowserError.noSuchButton(text) }
        guard buttons.count == 1 else { throw TestBrowserError.ambiguousButton(text, count: buttons.count) }
        return button
    }
}
