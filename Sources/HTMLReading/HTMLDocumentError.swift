/// Why an HTML document could not be parsed or queried.
public enum HTMLDocumentError: Error, Equatable, CustomStringConvertible {
    /// libxml2 gave no document (it only does so when it runs out of memory or gets no input at all).
    case unparsable
    /// The XPath expression is not valid XPath 1.0; `reason` is libxml2's message. This is a bug in the test.
    case invalidXPath(String, reason: String)

    public var description: String {
        switch self {
        case .unparsable:
            "libxml2 could not parse the HTML"
        case .invalidXPath(let xpath, let reason):
            "invalid XPath \(xpath): \(reason)"
        }
    }
}
