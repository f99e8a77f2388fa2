import CLibXML2

/// Read-only views of a libxml2 node, computed without libxml2's allocating getters (so no `xmlFree`).
struct LibXMLNode {
    let pointer: xmlNodePtr

    var isElement: Bool { pointer.pointee.type == XML_ELEMENT_NODE }

    var name: String {
        pointer.pointee.name.map { String(cString: $0) } ?? ""
    }

    /// The attributes by name; libxml2 gives a minimized boolean attribute (`disabled`) its own name as value.
    var attributes: [String: String] {
        var attributes: [String: String] = [:]
        var attribute = pointer.pointee.properties
        while let current = attribute {
            let name = current.pointee.name.map { String(cString: $0) } ?? ""
            if attributes[name] == nil {
                var value = ""
                Self.appendText(of: current.pointee.children, to: &value)
                attributes[name] = value
            }
            attribute = current.pointee.next
        }
        return attributes
    }

    /// The concatenated text of the node and its descendants, like the DOM's `textContent`.
    var textContent: String {
        switch pointer.pointee.type {
        case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
            return pointer.pointee.content.map { String(cString: $0) } ?? ""
        default:
            var text = ""
            Self.appendText(of: pointer.pointee.children, to: &text)
            return text
        }
    }

    /// An absolute XPath that selects exactly this element, e.g. `/html[1]/body[1]/form[1]/input[2]`.
    var path: String {
        var steps: [String] = []
        var node: xmlNodePtr? = pointer
        while let current = node, current.pointee.type == XML_ELEMENT_NODE {
            steps.append(Self.step(for: current))
            node = current.pointee.parent
        }
        return "/" + steps.reversed().joined(separator: "/")
    }

    private static func step(for node: xmlNodePtr) -> String {
        let name = LibXMLNode(pointer: node).name
        var position = 1
        var sibling = node.pointee.prev
        while let current = sibling {
            if current.pointee.type == XML_ELEMENT_NODE, LibXMLNode(pointer: current).name == name { position += 1 }
            sibling = current.pointee.prev
        }
        let isPlainName = name.first?.isLetter == true && name.unicodeScalars.allSatisfy(isNameScalar)
        return isPlainName ? "\(name)[\(position)]" : "*[name()=\(XPath.literal(name))][\(position)]"
    }

    private static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_"
            || scalar == "."
    }

    private static func appendText(of firstChild: xmlNodePtr?, to text: inout String) {
        var child = firstChild
        while let current = child {
            switch current.pointee.type {
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = current.pointee.content { text += String(cString: content) }
            case XML_ELEMENT_NODE:
                appendText(of: current.pointee.children, to: &text)
            default:
                break
            }
            child = current.pointee.next
        }
    }
}
