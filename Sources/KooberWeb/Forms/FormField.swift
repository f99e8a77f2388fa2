/// One labelled input as a template shows it: its value kept on a failed submit, its error tied to it.
struct FormField: Sendable {
    let id: String
    let name: String
    let label: String
    let type: String
    let autocomplete: String
    let inputmode: String?
    let value: String
    /// What is wrong with the value; named apart from the page's `error` because Mustache looks a missing
    /// name up in the enclosing context.
    let problem: String?

    init(
        id: String, name: String, label: String, type: String = "text", autocomplete: String,
        inputmode: String? = nil, value: String = "", problem: String? = nil
    ) {
        self.id = id
        self.name = name
        self.label = label
        self.type = type
        self.autocomplete = autocomplete
        self.inputmode = inputmode
        self.value = value
        self.problem = problem
    }
}
