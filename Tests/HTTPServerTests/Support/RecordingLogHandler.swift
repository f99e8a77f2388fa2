import Logging
import Synchronization
import TestKit

/// A `LogHandler` that keeps every entry in memory, for tests that check what was logged.
struct RecordingLogHandler: LogHandler {
    struct Entry: Sendable {
        var level: Logger.Level
        var message: String
        var metadata: [String: String]
    }

    /// The entries, shared by every copy of the handler.
    final class Store: Sendable {
        private let entries = Mutex<[Entry]>([])

        var all: [Entry] { entries.withLock { $0 } }

        /// A logger whose entries end up in this store.
        func logger() -> Logger {
            Logger(label: "test.recording") { _ in RecordingLogHandler(store: self) }
        }

        /// The entries that satisfy `isIncluded`, once there are at least `count` of them (or after
        /// `BusyMachine.patience`: the server logs a response just after writing it, so a test may read the response
        /// first).
        func entries(atLeast count: Int, where isIncluded: (Entry) -> Bool) async -> [Entry] {
            _ = await eventually(within: BusyMachine.patience) { all.filter(isIncluded).count >= count }
            return all.filter(isIncluded)
        }

        fileprivate func append(_ entry: Entry) {
            entries.withLock { $0.append(entry) }
        }
    }

    let store: Store
    var metadata: Logger.Metadata = [:]
    var metadataProvider: Logger.MetadataProvider?
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { $1 }
        store.append(
            Entry(level: event.level, message: event.message.description, metadata: merged.mapValues(\.description))
        )
    }
}
