import Logging

/// A swift-log handler that writes one line per message to a `LogOutput`:
/// `2026-11-23T13:12:00Z info koober: GET /ride 200 bytes=9120 duration_ms=0.61 request_id=3f9c…`, the metadata in
/// name order. Errors and worse are written at once (`LogOutput.append(_:urgent:)`).
///
/// `LoggingSystem.bootstrap { LogOutputHandler(label: $0) }` sends every logger there.
public struct LogOutputHandler: LogHandler {
    public var logLevel: Logger.Level = .info
    public var metadata: Logger.Metadata = [:]
    public var metadataProvider: Logger.MetadataProvider?
    private let label: String
    private let output: LogOutput

    public init(label: String, output: LogOutput = .standardOutput, metadataProvider: Logger.MetadataProvider? = nil) {
        self.label = label
        self.output = output
        self.metadataProvider = metadataProvider
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var line = "\(event.level.rawValue) \(label): \(event.message)"
        var all = metadata
        if let provided = metadataProvider?.get() { all.merge(provided) { _, provided in provided } }
        if let explicit = event.metadata {
            if all.isEmpty { all = explicit } else { all.merge(explicit) { _, explicit in explicit } }
        }
        if let error = event.error { all["error"] = "\(error)" }
        for (key, value) in all.sorted(by: { $0.key < $1.key }) {
            line += " \(key)=\(value)"
        }
        output.append(line, urgent: event.level >= .error)
    }
}
