import KooberKit
import Logging
import PostgresNIO

/// Changes told to every process on the database through PostgreSQL's `LISTEN`/`NOTIFY`, on one channel: `rides`
/// (rides were stored or changed) and `sessions:<user id>` (sessions or share links of that user ended). A
/// notification sent inside a transaction is delivered when it commits, and never when it rolls back; identical ones
/// in one transaction are delivered once.
///
/// Nothing depends on a notification alone: each process's dispatcher also looks every second, so one missed while
/// a connection was down only delays. The notifications make a change on one process reach streams on another
/// within milliseconds instead of within that second.
enum PostgresChanges {
    static let channel = "koober_changes"

    static func notifyRidesChanged(in transaction: PostgresTransaction) async throws {
        try await transaction.execute("SELECT pg_notify(\(channel), 'rides')")
    }

    static func notifySessionsEnded(of userID: UserID, in transaction: PostgresTransaction) async throws {
        try await transaction.execute("SELECT pg_notify(\(channel), \("sessions:\(userID.rawValue)"))")
    }

    /// Listens on one pooled connection until cancelled, telling `changes`; after a lost connection it listens again
    /// (every `retryInterval`). Each time it starts listening it tells that rides may have changed meanwhile.
    static func listen(
        on client: PostgresClient,
        telling changes: SharedStoreChanges,
        retryInterval: Duration = .seconds(1),
        logger: Logger
    ) async {
        var lostConnection = false
        while !Task.isCancelled {
            do {
                try await client.withConnection { connection in
                    try await connection.listen(on: channel) { notifications in
                        if lostConnection {
                            logger.notice("Listening to other processes' changes again")
                            lostConnection = false
                        }
                        // What happened before this LISTEN was heard by nobody here: look once now.
                        changes.ridesChanged()
                        for try await notification in notifications { deliver(notification.payload, to: changes) }
                    }
                }
            } catch {
                guard !Task.isCancelled else { return }
                if !lostConnection { logger.error("Lost the connection that hears other processes' changes: \(error)") }
                lostConnection = true
            }
            try? await Task.sleep(for: retryInterval)
        }
    }

    /// Tells `changes` what `payload` says; anything else is ignored.
    static func deliver(_ payload: String, to changes: SharedStoreChanges) {
        if payload == "rides" {
            changes.ridesChanged()
        } else if payload.hasPrefix("sessions:"), let id = Int64(payload.dropFirst("sessions:".count)) {
            changes.sessionsEnded(of: UserID(id))
        }
    }
}
