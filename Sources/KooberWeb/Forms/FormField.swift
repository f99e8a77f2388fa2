/// One labelled input as a template shows it: its value kept on a failed submit, its error tied to it.
struct FormField: Sendable, Encodable {
    let id: String
    let name: String
    let label: String
    let type: String
    let autocomplete: String
    let inputmode: String?
    let value: String
    /// A standing hint shown under the label (what a valid value looks like), if any.
    let hint: String?
    /// What is wrong with the value; named apart from the page's `error` because Mustache looks a missing
    /// name up in the enclosing context.
    let problem: String?
    /// The ids of the hint and the error, which describe the input to a screen reader; `nil` when neither is shown.
    let describedBy: String?

    init(
        id: String, name: String, label: String, type: String = "text", autocomplete: String,
        inputmode: String? = nil, value: String = "", hint: String? = nil, problem: String? = nil
    ) {
        self.id = id
        self.name = name
        self.label = label
        self.type = type
        self.autocomplete = autocomplete
        self.inputmode = inputmode
        self.value = value
        self.hint = hint
        self.problem = problem
        let describers = [hint.map { _ in "\(id)-hint" }, problem.map { _ in "\(id)-error" }].compactMap { $0 }
        describedBy = describers.isEmpty ? nil : describers.joined(separator: " ")
    }

}
