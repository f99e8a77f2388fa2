import Foundation
import KooberKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The staff key's file (docs/security.md, "Koober Ops' secrets"): the 256-bit AES key that seals staff members'
/// authenticator secrets, kept outside the database, as its base64 text on one line (`openssl rand -base64 32` makes
/// one). Readable by its owner alone: a file that group or others may read or write is refused, not used.
public enum StaffKeyFile {
    /// The sealer of the key in the file at `path`, made first when there is none (`createIfMissing`): 32 random bytes,
    /// written to a file of mode 0600 that is linked into place only once complete, so two processes making it at once
    /// end up with one key, and no reader ever sees half of one.
    public static func sealer(at path: String, createIfMissing: Bool) throws -> StaffSecretSealer {
        if createIfMissing, !FileManager.default.fileExists(atPath: path) {
            try create(at: path)
        }
        return try read(at: path)
    }

    /// The text of a key's file.
    static func text(of keyBytes: [UInt8]) -> String {
        Data(keyBytes).base64EncodedString() + "\n"
    }

    private static func read(at path: String) throws -> StaffSecretSealer {
        guard let found = status(of: path) else { throw StaffKeyFileError.missing(path) }
        guard found.isRegularFile else { throw StaffKeyFileError.notAFile(path) }
        guard found.mode & 0o077 == 0 else { throw StaffKeyFileError.tooOpen(path, mode: found.mode) }
        guard let data = FileManager.default.contents(atPath: path), data.count <= 1_024,
            let bytes = Data(
                base64Encoded: String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)),
            let sealer = StaffSecretSealer(keyBytes: Array(bytes))
        else { throw StaffKeyFileError.notAKey(path) }
        return sealer
    }

    /// The permission bits of the file at `path` (`0o600`), or `nil` when there is none.
    public static func permissions(of path: String) -> Int? {
        status(of: path)?.mode
    }

    /// Whether `path` is a regular file (following links), and its permission bits; `nil` when there is nothing there.
    private static func status(of path: String) -> (isRegularFile: Bool, mode: Int)? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return (info.st_mode & 0o170000 == 0o100000, Int(info.st_mode & 0o7777))
    }

    private static func create(at path: String) throws {
        let temporary = "\(path).\(UUID().uuidString).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else { throw StaffKeyFileError.cannotCreate(path, errno: errno) }
        defer { unlink(temporary) }
        let bytes = Array(text(of: StaffSecretSealer.newKeyBytes()).utf8)
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        let synced = fsync(descriptor) == 0
        close(descriptor)
        guard written == bytes.count, synced else { throw StaffKeyFileError.cannotCreate(path, errno: errno) }
        // A key another process linked first wins: this one was never used.
        guard link(temporary, path) == 0 || errno == EEXIST else {
            throw StaffKeyFileError.cannotCreate(path, errno: errno)
        }
    }
}

/// Why the staff key could not be had, in words for the operator (never the key).
public enum StaffKeyFileError: Error, Equatable, CustomStringConvertible {
    case missing(String)
    case notAFile(String)
    case tooOpen(String, mode: Int)
    case notAKey(String)
    case cannotCreate(String, errno: Int32)

    public var description: String {
        switch self {
        case .missing(let path): "The staff key file \(path) does not exist"
        case .notAFile(let path): "The staff key file \(path) is not a regular file"
        case .tooOpen(let path, let mode):
            "The staff key file \(path) is open to others (mode \(String(mode, radix: 8))): chmod 600 it"
        case .notAKey(let path): "The staff key file \(path) does not hold a key: 32 bytes as base64 on one line"
        case .cannotCreate(let path, let code):
            "Could not create the staff key file \(path): \(String(cString: strerror(code)))"
        }
    }
}
