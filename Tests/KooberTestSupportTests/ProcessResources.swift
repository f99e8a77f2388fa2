import Foundation

/// What this process holds open, read from `/proc/self`: enough to see whether one database's files and threads
/// are gone, whatever the tests running beside this one hold.
enum ProcessResources {
    /// The targets of this process's open file descriptors that name `path` (its `-wal` and `-shm` files too, and
    /// the files once unlinked, which Linux shows as `path (deleted)`).
    static func openFiles(naming path: String) throws -> [String] {
        let descriptors = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")
        return descriptors.compactMap { descriptor in
            // A descriptor may close between the listing and this look: then it names nothing.
            let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(descriptor)")
            return target.flatMap { $0.contains(path) ? $0 : nil }
        }
    }

    /// Whether the thread `id` (from `currentThread()`) is still one of this process's.
    static func hasThread(_ id: String) -> Bool {
        FileManager.default.fileExists(atPath: "/proc/self/task/\(id)")
    }

    /// The kernel's id of the calling thread: the last part of `/proc/thread-self`, which links to `<pid>/task/<tid>`
    /// (Glibc's `gettid` is not visible to Swift).
    static func currentThread() throws -> String {
        let link = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self")
        return String(link.split(separator: "/").last ?? "")
    }
}
