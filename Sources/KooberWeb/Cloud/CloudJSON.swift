import Foundation
import HTTPServer
import NIOCore
import NIOHTTP1

/// Koober Cloud's JSON, both ways: answers encoded with their keys in order and URLs unescaped (`"http://…"`, as the
/// book's app and any reader expect), and request bodies decoded strictly (`StrictKeys`), with a decoding failure
/// turned into the 400 that names the field at fault.
enum CloudJSON {
    /// No request of the API needs more: the largest, a sign-up, is its five capped fields (SPEC.md's limits) and
    /// its keys. The server's 1 MiB limit on every body still comes first.
    static let maxBodyBytes = 16 * 1024

    static func response(_ value: some Encodable, status: HTTPResponseStatus = .ok) throws -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var response = Response(status: status, body: ByteBuffer(bytes: try encoder.encode(value)))
        response.headers.replaceOrAdd(name: "Content-Type", value: "application/json")
        response.headers.replaceOrAdd(name: "Cache-Control", value: "no-store")
        return response
    }

    /// The body decoded as `T`, or a `CloudError` (400, or 413 over `maxBodyBytes`) that says what is wrong and where.
    static func decode<T: Decodable>(_ type: T.Type, from body: ByteBuffer) throws(CloudError) -> T {
        guard body.readableBytes <= maxBodyBytes else { throw .tooLarge }
        guard body.readableBytes > 0 else {
            throw .malformed(.noBody)
        }
        do {
            return try JSONDecoder().decode(T.self, from: Data(body.readableBytesView))
        } catch let error as DecodingError {
            throw CloudError(decoding: error)
        } catch {
            throw .malformed(.notJSON)
        }
    }
}

extension CloudError {
    /// A body that did not decode: the field at fault (its path, `waypoints.pickupLocation.id`) and what is wrong.
    init(decoding error: DecodingError) {
        func path(_ keys: [any CodingKey]) -> String? {
            keys.isEmpty ? nil : keys.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, let context):
            self = .malformed(.missingField, field: path(context.codingPath + [key]))
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            self = .malformed(.wrongType, field: path(context.codingPath))
        case .dataCorrupted(let context):
            if let field = path(context.codingPath) {
                let unknown = context.debugDescription == Self.unknownKey
                self = .malformed(unknown ? .unknownField : .invalidValue, field: field)
            } else {
                self = .malformed(.notJSON)
            }
        @unknown default:
            self = .malformed(.notJSON)
        }
    }

    /// What `refuseUnknownKeys` says of a key the type does not know.
    fileprivate static let unknownKey = "Koober does not know this field."
}

/// A JSON object's keys as they come, to find the ones a type does not know.
private struct AnyJSONKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// Strict decoding (the "unknown keys are an error, never ignored"): a request type calls `refuseUnknownKeys`
/// first in its `init(from:)`, so a misspelt key is a 400 naming it rather than a default silently taken.
extension Decoder {
    func refuseUnknownKeys<Keys: CodingKey & CaseIterable>(_ keys: Keys.Type) throws {
        let known = Set(Keys.allCases.map(\.stringValue))
        let object = try container(keyedBy: AnyJSONKey.self)
        if let unknown = object.allKeys.first(where: { !known.contains($0.stringValue) }) {
            throw DecodingError.dataCorrupted(
                .init(codingPath: codingPath + [unknown], debugDescription: CloudError.unknownKey))
        }
    }
}
