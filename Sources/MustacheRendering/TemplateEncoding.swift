/// How `TemplateValue(encoding:)` turns an `Encodable` value into a `TemplateValue`: every struct an `.object` of its
/// stored properties, every array a `.list`, a `nil` property left out.
///
/// The compiler writes the `encode(to:)` of an `Encodable` struct: encoding one through this `Encoder` reads each
/// property directly, with no reflection (`Mirror`), which was half the cost of a Koober page (docs/performance.md).
enum TemplateEncoding {
    static func value(encoding value: some Encodable) -> TemplateValue {
        let encoder = Encoder()
        // Nothing here throws: only an `encode(to:)` written by hand could, and the values rendered have none.
        do {
            try value.encode(to: encoder)
        } catch {
            preconditionFailure("encoding \(type(of: value)) threw \(error)")
        }
        return encoder.node.value
    }

    /// What one `encode(to:)` made, filled in by the containers: `nil` until one writes.
    fileprivate final class Node {
        var content: TemplateValue?

        /// A value that encoded nothing is an object without properties.
        var value: TemplateValue { content ?? .object([:]) }

        func set(_ value: TemplateValue, forKey key: String) {
            guard case .object(var properties)? = content else {
                content = .object([key: value])
                return
            }
            content = nil  // lets `properties` be mutated in place
            properties[key] = value
            content = .object(properties)
        }

        func append(_ value: TemplateValue) {
            guard case .list(var elements)? = content else {
                content = .list([value])
                return
            }
            content = nil
            elements.append(value)
            content = .list(elements)
        }
    }

    fileprivate final class Encoder: Swift.Encoder {
        let node = Node()
        var codingPath: [any CodingKey] { [] }
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            if node.content == nil { node.content = .object([:]) }
            return KeyedEncodingContainer(KeyedContainer(node: node))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            if node.content == nil { node.content = .list([]) }
            return UnkeyedContainer(node: node)
        }

        func singleValueContainer() -> any SingleValueEncodingContainer {
            SingleValueContainer(node: node)
        }
    }

    /// Strings and booleans as they are, numbers of every width as text; anything else encoded in turn. (A number type
    /// left out here, `Int64` say, would come back through its single-value container's generic `encode` to this
    /// function for ever.)
    fileprivate static func value(of value: some Encodable) -> TemplateValue {
        switch value {
        case let string as String: .text(string)
        case let bool as Bool: .bool(bool)
        case let integer as any BinaryInteger: .text(String(describing: integer))
        case let double as Double: .text(String(double))
        case let float as Float: .text(String(float))
        default: Self.value(encoding: value)
        }
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: TemplateEncoding.Node
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) {}
    mutating func encode(_ value: String, forKey key: Key) { node.set(.text(value), forKey: key.stringValue) }
    mutating func encode(_ value: Bool, forKey key: Key) { node.set(.bool(value), forKey: key.stringValue) }
    mutating func encode(_ value: Int, forKey key: Key) { node.set(.text(String(value)), forKey: key.stringValue) }
    mutating func encode(_ value: Double, forKey key: Key) { node.set(.text(String(value)), forKey: key.stringValue) }
    mutating func encode(_ value: some Encodable, forKey key: Key) {
        node.set(TemplateEncoding.value(of: value), forKey: key.stringValue)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type,
        forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        preconditionFailure("rendered values encode nested values as values of their own")
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        preconditionFailure("rendered values encode nested values as values of their own")
    }

    mutating func superEncoder() -> any Swift.Encoder { preconditionFailure("rendered values are structs") }
    mutating func superEncoder(forKey key: Key) -> any Swift.Encoder {
        preconditionFailure("rendered values are structs")
    }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let node: TemplateEncoding.Node
    var codingPath: [any CodingKey] { [] }
    var count: Int {
        if case .list(let elements)? = node.content { elements.count } else { 0 }
    }

    mutating func encodeNil() {}
    mutating func encode(_ value: String) { node.append(.text(value)) }
    mutating func encode(_ value: Bool) { node.append(.bool(value)) }
    mutating func encode(_ value: Int) { node.append(.text(String(value))) }
    mutating func encode(_ value: Double) { node.append(.text(String(value))) }
    mutating func encode(_ value: some Encodable) { node.append(TemplateEncoding.value(of: value)) }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
        preconditionFailure("rendered values encode nested values as values of their own")
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        preconditionFailure("rendered values encode nested values as values of their own")
    }

    mutating func superEncoder() -> any Swift.Encoder { preconditionFailure("rendered values are structs") }
}

private struct SingleValueContainer: SingleValueEncodingContainer {
    let node: TemplateEncoding.Node
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() {}
    mutating func encode(_ value: String) { node.content = .text(value) }
    mutating func encode(_ value: Bool) { node.content = .bool(value) }
    mutating func encode(_ value: Int) { node.content = .text(String(value)) }
    mutating func encode(_ value: Double) { node.content = .text(String(value)) }
    mutating func encode(_ value: some Encodable) { node.content = TemplateEncoding.value(of: value) }
}
