/// A Mustache template, parsed once (`init(parsing:)`) and rendered, with the partials it includes, by
/// `TemplateLibrary`. It follows swift-mustache 2, standalone-line rule included, for the tags it reads: variables
/// (`{{name}}`, `{{{name}}}`, `{{&name}}`, `{{a.b}}`, `{{.}}`), sections and inverted sections, comments, partials
/// (`{{>name}}`), and inheritance (`{{<layout}}` with `{{$block}}` overrides). Set delimiters, pragmas, transforms and
/// dynamic partials are refused when parsing.
public struct Template: Sendable {
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
        /// `{{$name}}default{{/name}}`: what a template extending this one put in the block, or the default.
        case block(name: String, default: [Node], indentation: String?)
    }

    let nodes: [Node]

    init(nodes: [Node]) {
        self.nodes = nodes
    }

    /// Parses Mustache `text`; throws, with the line and column, at a tag that is malformed or not supported.
    public init(parsing text: String) throws(ParseError) {
        self = try TemplateParser.parse(text)
    }

    /// A template without tags that writes `text` as it is, such as a value every template may include as a partial.
    public init(verbatim text: String) {
        self.init(nodes: [.text(text)])
    }

    /// The names of the partials this template includes (`TemplateLibrary.missingPartials` lists those it lacks).
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
