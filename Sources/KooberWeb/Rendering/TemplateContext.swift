/// A view state in the form swift-mustache reads fastest: every struct as a `[String: Any]` of its stored
/// properties, every array's elements likewise, a `nil` property left out (so a template looks its name up the
/// context stack, as it does for a `nil` it finds by reflection).
///
/// swift-mustache reads any other value by reflection (`Mirror`), walking all of its properties for every name a
/// template looks up, at every level of the context stack: half of the time of `GET /ride` went there. Converting
/// once per render reflects on each value once (docs/performance.md).
enum TemplateContext {
    static func make(_ value: Any) -> Any {
        if value is String || value is Bool || value is Int || value is Double { return value }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .collection?:
            return mirror.children.map { make($0.value) }
        // Types with a mirror of their own (Foundation's, say) stay as they are, as do enums.
        case .struct? where !(value is CustomReflectable):
            var properties: [String: Any] = [:]
            for case let (label?, child) in mirror.children {
                if let present = unwrapped(child) {
                    properties[label] = make(present)
                }
            }
            return properties
        default:
            return value
        }
    }

    /// `value` itself, or what it holds if it is an `Optional`; `nil` for an empty one.
    private static func unwrapped(_ value: Any) -> Any? {
        guard let optional = value as? any OptionalValue else { return value }
        return optional.wrappedValue.flatMap(unwrapped)
    }
}

/// `Optional` seen through `Any`.
private protocol OptionalValue {
    var wrappedValue: Any? { get }
}

extension Optional: OptionalValue {
    fileprivate var wrappedValue: Any? { self }
}
