/// An `application/x-www-form-urlencoded` form or query string, decoded: name–value pairs in order,
/// repeated names kept.
public struct URLEncodedForm: Sendable, Equatable {
    /// More fields than this is an attack, not a form.
    public static let maximumFieldCount = 1_000

    public private(set) var fields: [(name: String, value: String)]

    public init(_ fields: [(name: String, value: String)] = []) {
        self.fields = fields
    }

    /// Decodes `name=value&…`: `+` is a space, `%XX` a byte, the result must be UTF-8.
    public init(decoding bytes: some Collection<UInt8>) throws(FormDecodingError) {
        var fields: [(name: String, value: String)] = []
        for pair in bytes.split(separator: UInt8(ascii: "&")) {
            guard fields.count < Self.maximumFieldCount else { throw .tooManyFields }
            let name: String
            let value: String
            if let equals = pair.firstIndex(of: UInt8(ascii: "=")) {
                name = try Self.decodeComponent(pair[..<equals])
                value = try Self.decodeComponent(pair[pair.index(after: equals)...])
            } else {
                name = try Self.decodeComponent(pair)
                value = ""
            }
            fields.append((name, value))
        }
        self.fields = fields
    }

    /// The first value for `name`.
    public subscript(name: String) -> String? {
        fields.first { $0.name == name }?.value
    }

    /// Every value for `name`, in order.
    public func values(for name: String) -> [String] {
        fields.filter { $0.name == name }.map(\.value)
    }

    public static func == (lhs: URLEncodedForm, rhs: URLEncodedForm) -> Bool {
        lhs.fields.elementsEqual(rhs.fields) { $0.name == $1.name && $0.value == $1.value }
    }

    /// Percent-decodes one name or value (`+` is a space).
    public static func decodeComponent(_ component: some Collection<UInt8>) throws(FormDecodingError) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(component.count)
        var index = component.startIndex
        while index != component.endIndex {
            let byte = component[index]
            switch byte {
            case UInt8(ascii: "+"):
                bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                let high = component.index(after: index)
                guard high != component.endIndex else { throw .invalidPercentEscape }
                let low = component.index(after: high)
                guard low != component.endIndex, let h = hexValue(component[high]), let l = hexValue(component[low])
                else { throw .invalidPercentEscape }
                bytes.append(h << 4 | l)
                index = low
            default:
                bytes.append(byte)
            }
            index = component.index(after: index)
        }
        guard let string = String(validating: bytes, as: UTF8.self) else { throw .invalidUTF8 }
        return string
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

extension URLEncodedForm {
    /// Encodes name–value pairs as a form body or query string (what a browser sends).
    public static func encode(_ fields: [(name: String, value: String)]) -> String {
        fields.map { "\(encodeComponent($0.name))=\(encodeComponent($0.value))" }.joined(separator: "&")
    }

    /// Percent-encodes everything but unreserved characters; spaces become `+`.
    public static func encodeComponent(_ string: String) -> String {
        var result = ""
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: " "):
                result.append("+")
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                result += byte < 16 ? "%0\(hex)" : "%\(hex)"
            }
        }
        return result
    }
}
