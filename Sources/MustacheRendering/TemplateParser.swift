/// Parses Mustache text into a `Template`, following swift-mustache 2 (the reference the tests render against) for
/// the tags it supports: variables, sections, inverted sections, comments, partials, and template inheritance with
/// blocks. It follows the same standalone-line rule: a section, comment, partial or block tag alone on its line (but
/// for spaces and tabs) removes the line, and a standalone partial's indentation is written before each of its lines.
///
/// Set delimiters (`{{=<% %>=}}`), pragmas (`{{%…}}`), transforms (`{{f(x)}}`), dynamic partials (`{{>*x}}`) and names
/// starting with a dot are not supported: they are refused with the line and column, so a program that parses its
/// templates at start-up stops there.
struct TemplateParser {
    typealias Error = Template.ParseError

    static func parse(_ text: String) throws(Error) -> Template {
        var parser = TemplateParser(text: Array(text.utf8))
        return Template(nodes: try parser.parseNodes(State()))
    }

    private struct State {
        /// The section, block or extended template being parsed, whose closing tag ends it.
        var sectionName: String?
        /// Whether only spaces and tabs precede the parse position on its line (the standalone rule's first half).
        var newLine = true
        /// Directly inside `{{<name}}…{{/name}}`, where only block overrides count and text is ignored.
        var isInheritanceTopLevel = false

        func entering(_ name: String, newLine: Bool) -> State {
            State(sectionName: name, newLine: newLine, isInheritanceTopLevel: false)
        }
    }

    private let text: [UInt8]
    private var position = 0
    /// Where the tag being parsed starts, for errors.
    private var tagStart = 0

    private init(text: [UInt8]) {
        self.text = text
    }

    private mutating func parseNodes(_ initial: State) throws(Error) -> [Template.Node] {
        var state = initial
        var nodes: [Template.Node] = []
        // Spaces and tabs at the start of the line, not yet written: a standalone tag drops them.
        var indentation: [UInt8] = []
        @discardableResult func writeIndentation() -> String {
            let written = String(decoding: indentation, as: UTF8.self)
            if !indentation.isEmpty { nodes.append(.text(written)) }
            indentation = []
            return written
        }

        while position < text.count {
            if state.newLine { indentation = read(while: { $0 == .space || $0 == .tab }) }
            let (plain, foundTag) = readText()
            if !foundTag, position < text.count {  // at a line feed
                position += 1
                nodes.append(.text(String(decoding: indentation + plain + [.lineFeed], as: UTF8.self)))
                indentation = []
                state.newLine = true
                continue
            }
            if !plain.isEmpty {
                nodes.append(.text(String(decoding: indentation + plain, as: UTF8.self)))
                indentation = []
                state.newLine = false
            }
            guard foundTag else { break }

            tagStart = position - 2
            guard position < text.count else { throw error("Unfinished tag") }
            var standalone = false
            switch text[position] {
            case UInt8(ascii: "#"), UInt8(ascii: "^"):
                let inverted = text[position] == UInt8(ascii: "^")
                position += 1
                let name = try readName()
                let path = try self.path(name)
                standalone = isStandalone(state)
                if !standalone { writeIndentation() }
                let body = try parseNodes(state.entering(name, newLine: standalone))
                nodes.append(.section(path: path, inverted: inverted, body: body))

            case UInt8(ascii: "/"):
                position += 1
                let name = try readName()
                guard let open = state.sectionName else { throw error("{{/\(name)}} closes nothing") }
                guard name == open else { throw error("{{/\(name)}} where {{/\(open)}} was expected") }
                if !isStandalone(state) { writeIndentation() }
                return nodes

            case UInt8(ascii: "!"):
                try skipComment()
                standalone = isStandalone(state)

            case UInt8(ascii: "{"), UInt8(ascii: "&"):
                let braced = text[position] == UInt8(ascii: "{")
                position += 1
                writeIndentation()
                let path = try self.path(try readName())
                if braced {
                    guard position < text.count, text[position] == UInt8(ascii: "}") else {
                        throw error("Expected }}}")
                    }
                    position += 1
                }
                nodes.append(.variable(path: path, escaped: false))

            case UInt8(ascii: ">"):
                position += 1
                let name = try readPartialName()
                let written = writeIndentation()
                standalone = isStandalone(state)
                nodes.append(.partial(name: name, indentation: standalone ? written : nil, overrides: nil))

            case UInt8(ascii: "<"):
                position += 1
                let name = try readPartialName()
                let written = writeIndentation()
                standalone = isStandalone(state)
                let inner = State(sectionName: name, newLine: true, isInheritanceTopLevel: true)
                var overrides: [String: [Template.Node]] = [:]
                // Only block overrides count directly inside `{{<name}}`; text there is ignored.
                for node in try parseNodes(inner) {
                    switch node {
                    case .block(let block, let body, _): overrides[block] = body
                    case .text: break
                    default: throw error("Only {{$block}} overrides may stand inside {{<\(name)}}")
                    }
                }
                nodes.append(.partial(name: name, indentation: written, overrides: overrides))

            case UInt8(ascii: "$"):
                position += 1
                let name = try readName()
                if state.isInheritanceTopLevel {
                    standalone = isStandalone(state)
                    nodes.append(
                        .block(
                            name: name,
                            default: try parseNodes(state.entering(name, newLine: standalone)),
                            indentation: nil
                        )
                    )
                } else {
                    let written = writeIndentation()
                    standalone = isStandalone(state)
                    let body = try parseNodes(state.entering(name, newLine: standalone))
                    nodes.append(.block(name: name, default: body, indentation: written))
                }

            case UInt8(ascii: "="), UInt8(ascii: "%"):
                throw error("Set delimiters and pragmas are not supported")

            default:
                writeIndentation()
                nodes.append(.variable(path: try path(try readName()), escaped: true))
            }
            state.newLine = standalone
        }
        if let open = state.sectionName { throw error("{{/\(open)}} is missing") }
        return nodes
    }

    // MARK: Reading

    /// Text up to the next `{{` (read past it, `foundTag`) or line feed (not read), or to the end.
    private mutating func readText() -> (plain: [UInt8], foundTag: Bool) {
        let start = position
        while position < text.count {
            if text[position] == .lineFeed { return (Array(text[start..<position]), false) }
            if text[position] == .openBrace, position + 1 < text.count, text[position + 1] == .openBrace {
                defer { position += 2 }
                return (Array(text[start..<position]), true)
            }
            position += 1
        }
        return (Array(text[start..<position]), false)
    }

    private mutating func read(while condition: (UInt8) -> Bool) -> [UInt8] {
        let start = position
        while position < text.count, condition(text[position]) { position += 1 }
        return Array(text[start..<position])
    }

    /// Whether the tag just read ends its line (but for spaces and tabs) on a line that had nothing before it; if so,
    /// the rest of the line, line feed included, is read.
    private mutating func isStandalone(_ state: State) -> Bool {
        guard state.newLine else { return false }
        var end = position
        while end < text.count, text[end] == .space || text[end] == .tab { end += 1 }
        if end == text.count {
            position = end
            return true
        }
        if text[end] == .carriageReturn, end + 1 < text.count, text[end + 1] == .lineFeed { end += 1 }
        guard text[end] == .lineFeed else { return false }
        position = end + 1
        return true
    }

    private mutating func readName() throws(Error) -> String {
        try readName(allowing: { Self.isNameByte($0) })
    }

    private mutating func readPartialName() throws(Error) -> String {
        skipWhitespace()
        if position < text.count, text[position] == UInt8(ascii: "*") {
            throw error("Dynamic partials are not supported")
        }
        return try readName(allowing: { Self.isNameByte($0) || $0 == UInt8(ascii: "/") })
    }

    private mutating func readName(allowing isAllowed: (UInt8) -> Bool) throws(Error) -> String {
        skipWhitespace()
        let name = read(while: isAllowed)
        skipWhitespace()
        guard !name.isEmpty else { throw error("A tag without a name") }
        guard position + 1 < text.count, text[position] == .closeBrace, text[position + 1] == .closeBrace else {
            throw error("Unfinished tag")
        }
        position += 2
        return String(decoding: name, as: UTF8.self)
    }

    private mutating func skipComment() throws(Error) {
        while position + 1 < text.count {
            if text[position] == .closeBrace, text[position + 1] == .closeBrace {
                position += 2
                return
            }
            position += 1
        }
        throw error("Unfinished comment")
    }

    private mutating func skipWhitespace() {
        _ = read(while: { $0 == .space || $0 == .tab || $0 == .lineFeed || $0 == .carriageReturn })
    }

    /// `name` split at its dots; `.` is the empty path (the value on top of the context stack).
    private func path(_ name: String) throws(Error) -> [String] {
        if name == "." { return [] }
        let path = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard !path.contains(where: \.isEmpty) else { throw error("The name \(name) has an empty part") }
        return path
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "?"):
            true
        default:
            false
        }
    }

    /// An error at the tag being parsed, with its line and column (both from 1; the column counts bytes).
    private func error(_ message: String) -> Error {
        let before = text[..<min(tagStart, text.count)]
        let line = before.count(where: { $0 == .lineFeed }) + 1
        let lineStart = before.lastIndex(of: .lineFeed).map { $0 + 1 } ?? 0
        return Error(message: message, line: line, column: tagStart - lineStart + 1)
    }
}

private extension UInt8 {
    static let space = UInt8(ascii: " ")
    static let tab = UInt8(ascii: "\t")
    static let lineFeed = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")
    static let openBrace = UInt8(ascii: "{")
    static let closeBrace = UInt8(ascii: "}")
}
