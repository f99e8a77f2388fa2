import CLibXML2

extension HTMLDocument {
    /// Whether libxml2's XML parser (not the forgiving HTML one) reads `text` without an error: for the SVG the
    /// server draws (the QR code, the dashboard's chart), which must be well-formed XML to be an image on its own.
    public static func isWellFormedXML(_ text: String) -> Bool {
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
        let document = text.utf8CString.withUnsafeBufferPointer { buffer in
            xmlReadMemory(buffer.baseAddress, Int32(buffer.count - 1), nil, "UTF-8", options)
        }
        guard let document else { return false }
        xmlFreeDoc(document)
        return true
    }
}
