import Logging

/// A swift-log handler that writes one line per message to a `LogOutput`, in a `LogFormat`:
/// `2026-11-23T13:12:00Z info koober: GET /ride 200 bytes=9120 duration_ms=0.61 request_id=3f9c…`, the metadata in
/// name order, or the same fields as one JSON object. Errors and worse are `urgent`: they may use the output's reserve,
/// so they are kept while other lines are dropped (`LogOutput.append(_:in:urgent:)`); like every line, they are only
/// queued, so logging never makes a request wait.
///
/// `LoggingSystem.bootstrap { LogOutputHandler(label: $0) }` sends every logger there.
public struct LogOutputHandler: LogHandler {
    /// The least level written; `info` unless the logger sets another.
    public var logLevel: Logger.Level = .info
    /// The logger's own metadata, written on each of its lines.
    public var metadata: Logger.Metadata = [:]
    /// Metadata to add to each line from its context (swift-log's `Logger.MetadataProvider`).
    public var metadataProvider: Logger.MetadataProvider?
    private let label: String
    private let output: LogOutput
    private let format: LogFormat

    /// - Parameters:
    ///   - label: the logger's label, written after the level (`info koober: …`).
    ///   - output: where the lines go: standard output unless a test passes its own.
    ///   - format: text or JSON lines.
    ///   - metadataProvider: metadata to add to each line from its context.
    public init(
        label: String,
        output: LogOutput = .standardOutput,
        format: LogFormat = .text,
        metadataProvider: Logger.MetadataProvider? = nil
    ) {
        self.label = label
        self.output = output
        self.format = format
        self.metadataProvider = metadataProvider
    }

    /// One key of the logger's own metadata.
    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// Makes the event's line and queues it on the output: never waits for the output's reader.
    public func log(event: LogEvent) {
        let line = format.line(
            level: event.level,
            label: label,
            message: event.message.description,
            metadata: allMetadata(of: event).sorted(by: { $0.key < $1.key })
        )
        output.append(line, in: format, urgent: event.level >= .error)
    }

    /// The handler's metadata, then the provider's, then the message's (later ones win), and the error if any;
    /// a message's own metadata is taken as it is when it is the only kind (an access-log line).
    private func allMetadata(of event: LogEvent) -> Logger.Metadata {
        var all = metadata
        if let provided = metadataProvider?.get() { all.merge(provided) { _, provided in provided } }
        if let explicit = event.metadata {
            if all.isEmpty { all = explicit } else { all.merge(explicit) { _, explicit in explicit } }
        }
        if let error = event.error { all["error"] = "\(error)" }
        return all
    }
}
