/// Templates by name, each rendered over a `TemplateValue` the way swift-mustache renders it (Koober's tests compare
/// the two byte for byte on every page in each of its states): names are looked up the context stack, escaped with
/// `appendHTMLEscaped`, partials are the library's other templates, and a template extending another fills its blocks.
///
/// Written for speed without losing clarity: the walk appends to one string, and a lookup is a dictionary read per
/// context level, with no casts, reflection or conformance checks (swift-mustache spends most of a page on those).
public struct TemplateLibrary: Sendable {
    private(set) var templates: [String: Template]

    public init(_ templates: [String: Template] = [:]) {
        self.templates = templates
    }

    /// The template called `name`, which other templates include as the partial `{{>name}}`.
    public subscript(name: String) -> Template? {
        get { templates[name] }
        set { templates[name] = newValue }
    }

    /// What a rendering reserves at once: Koober's pages are up to 16 KB or a little over (Where To? with Saved and
    /// Recent, 16.4 KB), and a string outgrowing its room copies itself into one twice as large, an extra copy of the
    /// page on every request (docs/performance.md, *Where To?*). Untouched room costs nothing.
    static let reservedCapacity = 32 * 1024

    /// The template called `name` rendered with `value` at the bottom of the context stack (above `base`, when
    /// given: names `value` lacks are looked up there); `nil` if there is none.
    /// A partial the library lacks writes nothing: check `missingPartials` once, after adding the templates.
    public func render(_ value: TemplateValue, withTemplate name: String, above base: TemplateValue? = nil) -> String? {
        guard let template = templates[name] else { return nil }
        var rendering = Rendering(templates: templates, stack: base.map { [$0, value] } ?? [value])
        rendering.output.reserveCapacity(Self.reservedCapacity)
        rendering.render(template.nodes, Rendering.Scope())
        return rendering.output
    }

    /// Every partial a template includes that the library lacks, by template name and then partial name.
    public var missingPartials: [(template: String, partial: String)] {
        templates.sorted(by: { $0.key < $1.key }).flatMap { name, template in
            template.partialNames.sorted().filter { templates[$0] == nil }.map { (template: name, partial: $0) }
        }
    }
}

private struct Rendering {
    /// What a partial or block passes down besides the context stack.
    struct Scope {
        /// The blocks overridden by the pages extending the template being rendered; the outermost page wins.
        var overrides: [String: [Template.Node]]?
        /// Written before every line a standalone partial or block writes (after its first).
        var indentation: String?

        func entering(indentation extra: String?, overrides more: [String: [Template.Node]]? = nil) -> Scope {
            var scope = self
            if let extra { scope.indentation = (indentation ?? "") + extra }
            if let more { scope.overrides = overrides?.merging(more) { outer, _ in outer } ?? more }
            return scope
        }
    }

    let templates: [String: Template]
    var stack: [TemplateValue]
    var output = ""

    mutating func render(_ nodes: [Template.Node], _ scope: Scope) {
        guard let indentation = scope.indentation, !indentation.isEmpty else {
            for node in nodes { render(node, scope) }
            return
        }
        // swift-mustache's rule: a node whose output is not empty and follows a line feed this list of nodes wrote
        // starts with the indentation.
        let start = output.utf8.count
        for node in nodes {
            let before = output
            output = ""
            render(node, scope)
            let written = output
            output = before
            if !written.isEmpty, output.utf8.count > start, output.utf8.last == UInt8(ascii: "\n") {
                output += indentation
            }
            output += written
        }
    }

    private mutating func render(_ node: Template.Node, _ scope: Scope) {
        switch node {
        case .text(let text):
            output += text

        case .variable(let path, let escaped):
            switch lookUp(path) {
            case .text(let text)?: if escaped { output.appendHTMLEscaped(text) } else { output += text }
            case .bool(let bool)?: output += bool ? "true" : "false"
            case .list?, .object?, nil: break  // nothing a page would show
            }

        case .section(let path, let inverted, let body):
            let value = lookUp(path)
            if inverted {
                if !value.isTruthy { render(body, scope) }
                return
            }
            switch value {
            case .list(let elements)?:
                for element in elements { render(body, scope, with: element) }
            case .bool(let bool)?:
                if bool { render(body, scope) }
            case let value?:
                render(body, scope, with: value)
            case nil:
                break
            }

        case .partial(let name, let indentation, let overrides):
            // A missing partial writes nothing (`missingPartials` lists them).
            guard let template = templates[name] else { return }
            render(template.nodes, scope.entering(indentation: indentation, overrides: overrides))

        case .block(let name, let defaultNodes, let indentation):
            render(scope.overrides?[name] ?? defaultNodes, scope.entering(indentation: indentation))
        }
    }

    private mutating func render(_ nodes: [Template.Node], _ scope: Scope, with value: TemplateValue) {
        stack.append(value)
        render(nodes, scope)
        stack.removeLast()
    }

    /// The first level of the context stack, from the top, that has the path's first name; then the rest of the path
    /// below it. The empty path (`{{.}}`) is the top of the stack.
    private func lookUp(_ path: [String]) -> TemplateValue? {
        guard let name = path.first else { return stack.last }
        for level in stack.reversed() {
            if case .object(let properties) = level, let value = properties[name] {
                return value.value(at: path.dropFirst())
            }
        }
        return nil
    }
}

private extension Optional<TemplateValue> {
    /// What a section shows for and an inverted section hides for: anything but a missing value, `false` or an empty
    /// list.
    var isTruthy: Bool {
        switch self {
        case nil: false
        case .bool(let bool)?: bool
        case .list(let elements)?: !elements.isEmpty
        case .text?, .object?: true
        }
    }
}
