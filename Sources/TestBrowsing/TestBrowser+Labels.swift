import HTMLReading

extension TestBrowser {
    /// The form control a person would find by reading `label`: the control a `<label>` with that text points
    /// to with `for`, or holds inside it; failing that, a control whose `aria-label` is `label`.
    public func control(labelled label: String) throws -> HTMLElement {
        let page = try currentPage()
        let controlTest = "self::input or self::textarea or self::select"
        var controls: [HTMLElement] = []
        for element in try page.all("//label") where try labelText(of: element, in: page) == label {
            let control: HTMLElement?
            if let id = element[attribute: "for"] {
                control = try page.first("//*[\(controlTest)][@id=\(XPath.literal(id))]")
            } else {
                control = try page.first("(\(element.path)//*[\(controlTest)][not(@type='hidden')])[1]")
            }
            if let control, !controls.contains(control) { controls.append(control) }
        }
        if controls.isEmpty {
            controls = try page.all("//*[\(controlTest)][@aria-label=\(XPath.literal(label))]")
        }
        guard let control = controls.first else { throw TestBrowserError.noSuchField(label) }
        guard controls.count == 1 else { throw TestBrowserError.ambiguousField(label, count: controls.count) }
        return control
    }

    /// The label's text without the options or contents of controls nested in it.
    private func labelText(of label: HTMLElement, in page: HTMLDocument) throws -> String {
        let texts = try page.rawTexts(at: "\(label.path)//text()[not(ancestor::select) and not(ancestor::textarea)]")
        return texts.joined().collapsingWhitespace
    }
}
