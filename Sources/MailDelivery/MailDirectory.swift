import Foundation

/// Writes each message as `<folder>/<date>-<message id>.eml` (the date as `20261126T204728Z`, so names sort by
/// date; the id with everything but letters, digits, `.`, `-`, `_` and `@` replaced by `_`), with an 8-bit body a
/// developer can read and copy links out of. Each file is written whole to a temporary name and then renamed, so a
/// reader never sees half a message; the folder is created when missing. A failure to write is `.retryLater`.
public struct MailDirectory: MailTransport {
    public let folder: URL

    public init(folder: URL) {
        self.folder = folder
    }

    /// Writes one file after another (each at once: the deadlines are never reached), until `settle` says stop.
    public func send(_ messages: [MailMessage], by deadline: Date, settle: (MailDeliveryResult) async -> Date?) async {
        for message in messages {
            guard await settle(write(message)) != nil else { return }
        }
    }

    /// The file name a message is written under.
    public static func fileName(for message: MailMessage) -> String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-_@".utf8)
        let id = String(
            decoding: message.messageID.utf8.prefix(180).map { allowed.contains($0) ? $0 : 0x5F }, as: UTF8.self)
        return "\(MailDate.sortable(message.date))-\(id.isEmpty ? "_" : id).eml"
    }

    private func write(_ message: MailMessage) -> MailDeliveryResult {
        let destination = folder.appendingPathComponent(Self.fileName(for: message))
        let temporary = folder.appendingPathComponent(".\(UUID().uuidString).tmp")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(MIMEEncoding.encode(message, body: .eightBit)).write(to: temporary)
            guard rename(temporary.path, destination.path) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: destination.path])
            }
            return .delivered
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            return .retryLater("cannot write \(destination.path): \(error)")
        }
    }
}
