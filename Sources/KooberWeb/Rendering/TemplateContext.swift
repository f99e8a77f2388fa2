/// A view state in the form swift-mustache reads fastest: every struct as a `[String: Any]` of its stored
/// properties, every array's elements likewise, a `nil` property left out (so a template looks its name up the
/// context stack, as it does for a `nil` it finds by reflection).
///
/// View states are `Encodable`, and the compiler writes their `encode(to:)`: encoding one through `Encoder` calls
/// each property directly. swift-mustache would otherwise read them by reflection (`Mirror`), walking all of a
/// value's properties for every name a template looks up, at every level of the context stack; reflecting once per
/// value instead still cost a sixth of `GET /ride` (docs/performance.md).
enum TemplateContext {
    static func make(_ value: some Encodable) -> Any {
        let encoder = Encoder()
        // Nothing here throws: only an `encode(to:)` written by hand could, and view states have none.
        try! value.encode(to: encoder)
        return encoder.node.value
    }

    /// What one `encode(to:)` made: a dictionary, an array or a single value, filled in by the containers.
    fileprivate final class Node {
        enum Content {
            case empty
            case dictionary([String: Any])
            case array([Any])
            case single(Any)
        }

        var content = Content.empty

        var value: Any {
            switch content {
            case .empty: [String: Any]()
            case .dictionary(let dictionary): dictionary
            case .array(let array): array
            case .single(let value): value
            }
        }

        func set(_ value: Any, forKey key: String) {
            guard case .dictionary(var dictionary) = content else {
                content = .dictionary([key: value])
                return
            }
            content = .empty  // lets `dictionary` be mutated in place
            dictionary[key] = value
            content = .dictionary(dictionary)
        }

        func append(_ value: Any) {
            guard case .array(var array) = content else {
                content = .array([value])
                return
            }
            content = .empty
            array.append(value)
            content = .array(array)
        }
    }

    fileprivate final class Encoder: Swift.Encoder {
        let node = Node()
        var codingPath: [any CodingKey] { [] }
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            if case .empty = node.content { node.content = .dictionary([:]) }
            return KeyedEncodingContainer(KeyedContainer(node: node))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            if case .empty = node.content { node.content = .array([]) }
            return UnkeyedContainer(node: node)
        }

        func singleValueContainer() -> any SingleValueEncodingContainer {
            SingleValueContainer(node: node)
        }
    }

    /// Strings, numbers and booleans as they are; anything else encoded in turn.
    fileprivate static func value(of value: some Encodable) -> Any {
        switch value {
        case let string as String: string
        case let bool as Bool: bool
        case let int as Int: int
        case let double as Double: double
        default: make(value)
        }
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: TemplateContext.Node
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) {}
    mutating func encode(_ value: String, forKey key: Key) { node.set(value, forKey: key.stringValue) }
    mutating func encode(_ value: Bool, forKey key: Key) { node.set(value, forKey: key.stringValue) }
    mutating func encode(_ value: Int, forKey key: Key) { node.set(value, forKey: key.stringValue) }
    mutating func encode(_ value: Double, forKey key: Key) { node.set(value, forKey: key.stringValue) }
    mutating func encode(_ value: some Encodable, forKey key: Key) {
        node.set(TemplateContext.value(of: value), forKey: key.stringValue)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        preconditionFailure("view states encode nested values as values of their own")
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        preconditionFailure("view states encode nested values as values of their own")
    }

    mutating func superEncoder() -> any Swift.Encoder { preconditionFailure("view states are structs") }
    mutating func superEncoder(forKey key: Key) -> any Swift.Encoder { preconditionFailure("view states are structs") }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let node: TemplateContext.Node
    var codingPath: [any CodingKey] { [] }
    var count: Int {
        if case .array(let array) = node.content { array.count } else { 0 }
    }

    mutating func encodeNil() {}
    mutating func encode(_ value: String) { node.append(value) }
    mutating func encode(_ value: Bool) { node.append(value) }
    mutating func encode(_ value: Int) { node.append(value) }
    mutating func encode(_ value: Double) { node.append(value) }
    mutating func encode(_ value: some Encodable) { node.append(TemplateContext.value(of: value)) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        preconditionFailure("view states encode nested values as values of their own")
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        preconditionFailure("view states encode nested values as values of their own")
    }

    mutating func superEncoder() -> any Swift.Encoder { preconditionFailure("view states are structs") }
}

private struct SingleValueContainer: SingleValueEncodingContainer {
    let node: TemplateContext.Node
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() {}
    mutating func encode(_ value: String) { node.content = .single(value) }
    mutating func encode(_ value: Bool) { node.content = .single(value) }
    mutating func encode(_ value: Int) { node.content = .single(value) }
    mutating func encode(_ value: Double) { node.content = .single(value) }
    mutating func encode(_ value: some Encodable) { node.content = .single(TemplateContext.value(of: value)) }
}
