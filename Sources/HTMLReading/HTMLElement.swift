/// A snapshot of one element of an `HTMLDocument`: a plain value, safe to keep and send anywhere.
public struct HTMLElement: Sendable, Hashable, CustomStringConvertible {
    /// The tag name, lowercase (`a`, `input`, …).
    public let name: String
    /// The attributes by name. libxml2 gives a minimized boolean attribute its own name as value
    /// (`<input checked>` has `checked="checked"`); test for presence with `has(_:)`.
    public let attributes: [String: String]
    /// The text content with whitespace runs collapsed to one space and both ends trimmed.
    public let text: String
    /// The text content exactly as parsed (a `<textarea>`'s value, preformatted text).
    public let rawText: String
    /// An absolute XPath selecting exactly this element in its document, e.g. `/html[1]/body[1]/a[2]`.
    public let path: String

    public init(name: String, attributes: [String: String], rawText: String, path: String) {
        self.name = name
        self.attributes = attributes
        self.text = rawText.collapsingWhitespace
        self.rawText = rawText
        self.path = path
    }

    init(_ node: LibXMLNode) {
        self.init(name: node.name, attributes: node.attributes, rawText: node.textContent, path: node.path)
    }

    /// The value of the attribute `name`, if the element has it.
    public subscript(attribute name: String) -> String? {
        attributes[name]
    }

    /// Whether the element has the attribute `name` (with any value, or none, as `disabled`).
    public func has(_ attribute: String) -> Bool {
        attributes[attribute] != nil
    }

    /// `<a href="/">Home</a>`-like, for failure messages.
    public var description: String {
        let attributes = attributes.sorted { $0.key < $1.key }.map { " \($0.key)=\"\($0.value)\"" }.joined()
        return "<\(name)\(attributes)>\(text)</\(name)>"
    }
}
