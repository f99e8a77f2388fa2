import CLibXML2
import Synchronization

/// An HTML page parsed by libxml2's forgiving HTML parser, queried with XPath 1.0.
///
/// `@unchecked Sendable`: the libxml2 tree is never changed after `init`, and XPath evaluation (whose
/// thread-safety on a shared document libxml2 does not promise) is serialized by a lock. Nodes never leave
/// the class; queries answer with `HTMLElement` snapshots.
public final class HTMLDocument: @unchecked Sendable {
    private static let parserInitialized: Void = xmlInitParser()

    private let document: htmlDocPtr
    private let lock = Mutex(())

    /// Parses `html` as UTF-8, without network access, errors or warnings (a browser tolerates bad HTML too).
    public init(html: String) throws(HTMLDocumentError) {
        _ = Self.parserInitialized
        // An empty input gives no document at all, so parse an empty page instead.
        let source = html.isEmpty ? "<html></html>" : html
        let options = Int32(HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_NONET.rawValue)
        let parsed = source.utf8CString.withUnsafeBufferPointer { buffer in
            htmlReadMemory(buffer.baseAddress, Int32(buffer.count - 1), nil, "UTF-8", options)
        }
        guard let parsed else { throw .unparsable }
        self.document = parsed
    }

    deinit {
        xmlFreeDoc(document)
    }

    /// The elements that `xpath` selects, in document order (nodes that are not elements are left out).
    public func all(_ xpath: String) throws(HTMLDocumentError) -> [HTMLElement] {
        try nodes(xpath).filter(\.isElement).map(HTMLElement.init)
    }

    /// The first element that `xpath` selects, if any.
    public func first(_ xpath: String) throws(HTMLDocumentError) -> HTMLElement? {
        try all(xpath).first
    }

    /// The text of the first node that `xpath` selects (an element or a text node), whitespace collapsed.
    public func text(at xpath: String) throws(HTMLDocumentError) -> String? {
        try nodes(xpath).first?.textContent.collapsingWhitespace
    }

    /// The text of every node that `xpath` selects, each with whitespace collapsed.
    public func texts(at xpath: String) throws(HTMLDocumentError) -> [String] {
        try nodes(xpath).map(\.textContent.collapsingWhitespace)
    }

    /// The text of every node that `xpath` selects, exactly as parsed: for text that must be joined before it is
    /// collapsed (a label's text nodes around a nested control).
    public func rawTexts(at xpath: String) throws(HTMLDocumentError) -> [String] {
        try nodes(xpath).map(\.textContent)
    }

    /// The text of the page's `<title>`, if it has one.
    public var title: String? {
        do {
            return try text(at: "/html/head/title")
        } catch {
            preconditionFailure("a fixed, valid XPath failed: \(error)")
        }
    }

    /// The nodes `xpath` selects, in document order.
    func nodes(_ xpath: String) throws(HTMLDocumentError) -> [LibXMLNode] {
        try lock.withLock { _ throws(HTMLDocumentError) in
            guard let context = xmlXPathNewContext(document) else { throw .unparsable }
            defer { xmlXPathFreeContext(context) }
            // Keeps libxml2 from printing syntax errors; the message is read from `lastError` instead.
            context.pointee.error = { _, _ in }
            guard let result = xmlXPathEvalExpression(xpath, context) else {
                let reason = context.pointee.lastError.message.map { String(cString: $0) } ?? "syntax error"
                throw .invalidXPath(xpath, reason: reason.collapsingWhitespace)
            }
            defer { xmlXPathFreeObject(result) }
            guard let nodeSet = result.pointee.nodesetval, let table = nodeSet.pointee.nodeTab else { return [] }
            return (0..<Int(nodeSet.pointee.nodeNr)).compactMap { table[$0].map(LibXMLNode.init) }
        }
    }
}
