/// A Mustache template, parsed once at start-up by `TemplateParser` and rendered by `TemplateLibrary`.
struct Template: Sendable {
    indirect enum Node: Sendable {
        /// Text written as it is.
        case text(String)
        /// `{{name}}` (escaped) or `{{{name}}}` / `{{&name}}` (not). The path is the name split at its dots; `{{.}}`
        /// is the empty path, the value on top of the context stack.
        case variable(path: [String], escaped: Bool)
        /// `{{#name}}…{{/name}}`, or `{{^name}}…{{/name}}` when inverted.
        case section(path: [String], inverted: Bool, body: [Node])
        /// `{{>name}}`, or `{{<name}}…{{/name}}` with the blocks it overrides. `indentation` is the whitespace before a
        /// tag standing alone on its line: every line the partial writes starts with it.
        case partial(name: String, indentation: String?, overrides: [String: [Node]]?)
        /// `{{$name}}default{{/name}}`: what a page extending this template put in the block, or the default.
        case block(name: String, default: [Node], indentation: String?)
    }

    let nodes: [Node]

    /// The names of the partials this template includes (checked at start-up: each must exist).
    var partialNames: Set<String> {
        var names = Set<String>()
        func collect(_ nodes: [Node]) {
            for node in nodes {
                switch node {
                case .text, .variable: break
                case .section(_, _, let body): collect(body)
                case .partial(let name, _, let overrides):
                    names.insert(name)
                    overrides?.values.forEach(collect)
                case .block(_, let body, _): collect(body)
                }
            }
        }
        collect(nodes)
        return names
    }
}
