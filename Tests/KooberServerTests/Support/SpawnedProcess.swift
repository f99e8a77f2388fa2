import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A child process started with `posix_spawn`, for the tests that run the real `koober`.
///
/// Not Foundation's `Process`: on Linux its `run()` reads `/proc/self/fd` with a copy of the whole 256-byte `d_name`
/// of each entry, past the end of glibc's buffer when an entry sits at its tail, and the test process dies of a bad
/// pointer (swift-corelibs-foundation #5472, fixed after Swift 6.3.1; one full `swift test` here died of it in
/// `KooberProcess.init`).
final class SpawnedProcess: Sendable {
    enum TerminationReason: Sendable {
        case exit
        case uncaughtSignal
    }

    struct SpawnError: Error, CustomStringConvertible {
        let code: Int32
        var description: String { "posix_spawn failed: \(String(cString: strerror(code)))" }
    }

    let processIdentifier: pid_t
    /// The raw wait status once the child has been reaped.
    private let waitStatus = Mutex<Int32?>(nil)

    /// Runs `executable` with `arguments` in `directory`, its standard output and error appended to `logPath`.
    init(executable: String, arguments: [String], directory: String, logPath: String) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, logPath, O_WRONLY | O_APPEND | O_CREAT, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        // The shell changes directory and then becomes the program (`exec`): the child's pid is the program's.
        let argv = ["/bin/sh", "-c", #"cd -- "$1" && shift && exec "$@""#, "sh", directory, executable] + arguments
        let cArguments = argv.map { strdup($0) } + [nil]
        defer { cArguments.forEach { free($0) } }
        var pid = pid_t()
        let code = posix_spawn(&pid, "/bin/sh", &actions, nil, cArguments, environ)
        guard code == 0 else { throw SpawnError(code: code) }
        processIdentifier = pid
    }

    /// Whether the child still runs (reaping it once it has ended).
    var isRunning: Bool {
        waitStatus.withLock { status in
            guard status == nil else { return false }
            var raw: Int32 = 0
            if waitpid(processIdentifier, &raw, WNOHANG) == processIdentifier { status = raw }
            return status == nil
        }
    }

    /// Sends `signal`, unless the child has already been reaped (its pid may belong to another process by then).
    func send(_ signal: Int32) {
        waitStatus.withLock { status in
            if status == nil { _ = kill(processIdentifier, signal) }
        }
    }

    /// SIGINT, as Ctrl-C sends.
    func interrupt() {
        send(SIGINT)
    }

    /// The exit status, or the signal that ended it; meaningful once `isRunning` is false.
    var terminationStatus: Int32 {
        guard !isRunning, let raw = waitStatus.withLock({ $0 }) else { return -1 }
        return raw & 0x7F == 0 ? (raw >> 8) & 0xFF : raw & 0x7F
    }

    var terminationReason: TerminationReason {
        guard !isRunning, let raw = waitStatus.withLock({ $0 }) else { return .exit }
        return raw & 0x7F == 0 ? .exit : .uncaughtSignal
    }
}
