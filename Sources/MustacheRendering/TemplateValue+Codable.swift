/// A `TemplateValue` as JSON, and as the plain Swift values other Mustache libraries take: the exact data a page was
/// rendered with, written out by one process (`koober --keep-view-data`) and rendered again by another (the
/// benchmarks' Hummingbird peer, with swift-mustache). Text is a JSON string, a boolean a JSON boolean, a list an
/// array, an object an object; nothing is lost either way.
extension TemplateValue: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            self = .text(text)
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let list = try? container.decode([TemplateValue].self) {
            self = .list(list)
        } else if let object = try? container.decode([String: TemplateValue].self) {
            self = .object(object)
        } else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "a template value is a string, a boolean, an array or an object")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .text(let text): try container.encode(text)
        case .bool(let bool): try container.encode(bool)
        case .list(let list): try container.encode(list)
        case .object(let object): try container.encode(object)
        }
    }

    /// The value as plain Swift values, the form a Mustache library taking `Any` reads fastest: `String`, `Bool`,
    /// `[Any]`, and `[String: Any]` for an object.
    public var plainValue: Any {
        switch self {
        case .text(let text): text
        case .bool(let bool): bool
        case .list(let list): list.map(\.plainValue)
        case .object(let object): object.mapValues(\.plainValue)
        }
    }
}
