import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A child process started with `posix_spawn`, for every test that runs a program (`koober`, `wrk`, Python, the test
/// SMTP server, openssl).
///
/// Not Foundation's `Process`: on Linux its `run()` reads `/proc/self/fd` with a copy of the whole 256-byte `d_name`
/// of each entry, past the end of glibc's buffer when an entry sits at its tail, and the test process dies of a bad
/// pointer (swift-corelibs-foundation #5472, fixed after Swift 6.3.1; full `swift test` runs here died of it in
/// `KooberProcess.init` and in `KooberRun.run`). No test may use `Process`: `SpawnedProcessTests` checks.
public final class SpawnedProcess: Sendable {
    /// Where the child's standard output or error goes.
    public enum Destination: Sendable {
        /// `/dev/null`.
        case discarded
        /// Appended to the file at this path, created if missing.
        case file(String)
        /// A pipe the test reads with `readOutputLine()` or `readOutputToEnd()` (standard output only).
        case pipe
        /// Wherever standard output goes (standard error only).
        case output
    }

    public enum TerminationReason: Sendable {
        case exit
        case uncaughtSignal
    }

    public struct SpawnError: Error, CustomStringConvertible {
        public let code: Int32
        public var description: String { "posix_spawn failed: \(String(cString: strerror(code)))" }
    }

    public let processIdentifier: pid_t
    /// The read end of the output pipe (`.pipe`), closed when the process object goes.
    private let outputPipe: Int32?
    /// The raw wait status once the child has been reaped.
    private let waitStatus = Mutex<Int32?>(nil)

    /// Runs `executable` (a path, or a name found on the child's `PATH`) with `arguments` in `directory`: its standard
    /// input read from the file `input` (`/dev/null` when nil), its environment `environment` (this process's when
    /// nil).
    public init(
        executable: String, arguments: [String], directory: String = ".", environment: [String: String]? = nil,
        input: String? = nil, output: Destination = .discarded, errors: Destination = .discarded
    ) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, input ?? "/dev/null", O_RDONLY, 0)
        // The "pipe" is a socket pair, made close-on-exec at once (glibc's `pipe2` is not visible to Swift): a program
        // another test starts at the same moment must not inherit its write end and keep the reader from its end.
        var pipeEnds: [Int32] = [-1, -1]
        if case .pipe = output {
            let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
            guard socketpair(AF_UNIX, type, 0, &pipeEnds) == 0 else { throw SpawnError(code: errno) }
        }
        Self.redirect(1, to: output, pipeWriteEnd: pipeEnds[1], in: &actions)
        Self.redirect(2, to: errors, pipeWriteEnd: -1, in: &actions)
        // The shell changes directory and then becomes the program (`exec`): the child's pid is the program's.
        let argv = ["/bin/sh", "-c", #"cd -- "$1" && shift && exec "$@""#, "sh", directory, executable] + arguments
        let cArguments = argv.map { strdup($0) } + [nil]
        defer { cArguments.forEach { free($0) } }
        let cEnvironment = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer { cEnvironment?.forEach { free($0) } }
        // The child starts with no signal blocked and every signal's default action, whatever this process set (a
        // test's service lifecycle ignores SIGTERM, and an ignored signal stays ignored across exec).
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var signals = sigset_t()
        sigemptyset(&signals)
        posix_spawnattr_setsigmask(&attributes, &signals)
        sigfillset(&signals)
        posix_spawnattr_setsigdefault(&attributes, &signals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid = pid_t()
        let code =
            if var given = cEnvironment {
                given.withUnsafeMutableBufferPointer {
                    posix_spawn(&pid, "/bin/sh", &actions, &attributes, cArguments, $0.baseAddress)
                }
            } else {
                posix_spawn(&pid, "/bin/sh", &actions, &attributes, cArguments, environ)
            }
        if pipeEnds[1] >= 0 { close(pipeEnds[1]) }
        guard code == 0 else {
            if pipeEnds[0] >= 0 { close(pipeEnds[0]) }
            throw SpawnError(code: code)
        }
        processIdentifier = pid
        outputPipe = pipeEnds[0] >= 0 ? pipeEnds[0] : nil
    }

    deinit {
        if let outputPipe { close(outputPipe) }
    }

    private static func redirect(
        _ descriptor: Int32, to destination: Destination, pipeWriteEnd: Int32,
        in actions: inout posix_spawn_file_actions_t
    ) {
        switch destination {
        case .discarded: posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", O_WRONLY, 0)
        case .file(let path):
            posix_spawn_file_actions_addopen(&actions, descriptor, path, O_WRONLY | O_APPEND | O_CREAT, 0o644)
        case .pipe: posix_spawn_file_actions_adddup2(&actions, pipeWriteEnd, descriptor)
        case .output: posix_spawn_file_actions_adddup2(&actions, 1, descriptor)
        }
    }

    /// Whether the child still runs (reaping it once it has ended).
    public var isRunning: Bool {
        waitStatus.withLock { status in
            guard status == nil else { return false }
            var raw: Int32 = 0
            if waitpid(processIdentifier, &raw, WNOHANG) == processIdentifier { status = raw }
            return status == nil
        }
    }

    /// Blocks until the child ends (call it on a thread of its own: `onOwnThread`). It waits without reaping, so a
    /// concurrent `send` never signals a pid that may already belong to another process.
    public func waitUntilExit() {
        var info = siginfo_t()
        while isRunning, waitid(P_PID, id_t(processIdentifier), &info, WEXITED | WNOWAIT) != 0, errno == EINTR {}
        _ = isRunning
    }

    /// Sends `signal`, unless the child has already been reaped (its pid may belong to another process by then).
    public func send(_ signal: Int32) {
        waitStatus.withLock { status in
            if status == nil { _ = kill(processIdentifier, signal) }
        }
    }

    /// SIGINT, as Ctrl-C sends.
    public func interrupt() {
        send(SIGINT)
    }

    /// SIGTERM.
    public func terminate() {
        send(SIGTERM)
    }

    /// The exit status, or the signal that ended it; meaningful once `isRunning` is false.
    public var terminationStatus: Int32 {
        guard !isRunning, let raw = waitStatus.withLock({ $0 }) else { return -1 }
        return raw & 0x7F == 0 ? (raw >> 8) & 0xFF : raw & 0x7F
    }

    public var terminationReason: TerminationReason {
        guard !isRunning, let raw = waitStatus.withLock({ $0 }) else { return .exit }
        return raw & 0x7F == 0 ? .exit : .uncaughtSignal
    }

    /// The output pipe's next line without its "\n" (what is left at its end), blocking; "" without a pipe.
    public func readOutputLine() -> String {
        guard let outputPipe else { return "" }
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let count = read(outputPipe, &byte, 1)
            if count == 1, byte != 0x0A {
                bytes.append(byte)
            } else if count < 0, errno == EINTR {
                continue
            } else {
                break
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The output pipe's bytes until the child closes it, blocking; none without a pipe.
    public func readOutputToEnd() -> [UInt8] {
        guard let outputPipe else { return [] }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(outputPipe, &buffer, buffer.count)
            if count > 0 {
                bytes += buffer[..<count]
            } else if count < 0, errno == EINTR {
                continue
            } else {
                break
            }
        }
        return bytes
    }
}
