import CArgon2
import Foundation
import KooberKit
import NIOCore
import NIOPosix

/// argon2id (libargon2) with OWASP's parameters: m = 19 MiB, t = 2, p = 1, a 16-byte random salt and a
/// 32-byte hash in PHC string format.
///
/// One hash costs ~30 ms of a core and 19 MiB, so the work runs on a thread pool of its own, one thread per
/// core: never on an event loop, never hogging Swift's cooperative pool, and with memory bounded by the
/// pool's size however many sign-ins arrive at once.
public final class Argon2PasswordHasher: PasswordHasher {
    public struct Parameters: Sendable {
        public var memoryKiB: UInt32 = 19 * 1024
        public var iterations: UInt32 = 2
        public var parallelism: UInt32 = 1
        public init() {}
    }

    public enum HashError: Error, Equatable {
        case argon2(code: Int32, message: String)
    }

    private let parameters: Parameters
    private let threadPool: NIOThreadPool

    public init(parameters: Parameters = Parameters(), threads: Int = System.coreCount) {
        self.parameters = parameters
        self.threadPool = NIOThreadPool(numberOfThreads: threads)
        threadPool.start()
    }

    deinit {
        threadPool.shutdownGracefully { _ in }
    }

    public func hash(_ password: String) async throws -> String {
        let parameters = self.parameters
        return try await threadPool.runIfActive {
            try Self.hashNow(password, parameters: parameters)
        }
    }

    public func verify(_ password: String, against hash: String) async throws -> Bool {
        try await threadPool.runIfActive {
            let bytes = Array(password.utf8)
            // argon2id_verify recomputes the hash with the stored salt and compares in constant time.
            return argon2id_verify(hash, bytes, bytes.count) == ARGON2_OK.rawValue
        }
    }

    /// A well-formed argon2id hash with this hasher's parameters whose salt and digest are random bytes, not
    /// computed: no password matches it (short of finding a preimage of a random 256-bit digest), verifying
    /// against it runs argon2id in full, and making it spends neither 30 ms nor 19 MiB.
    public func standInHash() -> String {
        func unpaddedBase64(_ bytes: [UInt8]) -> String {
            Data(bytes).base64EncodedString().replacingOccurrences(of: "=", with: "")
        }
        let salt = unpaddedBase64(Self.randomBytes(Self.saltLength))
        let digest = unpaddedBase64(Self.randomBytes(Self.digestLength))
        return "$argon2id$v=19$m=\(parameters.memoryKiB),t=\(parameters.iterations),p=\(parameters.parallelism)"
            + "$\(salt)$\(digest)"
    }

    private static let saltLength = 16
    private static let digestLength = 32

    /// `count` bytes from the system's CSPRNG (getrandom(2) on Linux).
    private static func randomBytes(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }

    private static func hashNow(_ password: String, parameters: Parameters) throws -> String {
        let passwordBytes = Array(password.utf8)
        let salt = randomBytes(saltLength)
        let length = argon2_encodedlen(
            parameters.iterations, parameters.memoryKiB, parameters.parallelism,
            UInt32(salt.count), UInt32(digestLength), Argon2_id
        )
        var encoded = [CChar](repeating: 0, count: length)
        let code = argon2id_hash_encoded(
            parameters.iterations, parameters.memoryKiB, parameters.parallelism,
            passwordBytes, passwordBytes.count, salt, salt.count, digestLength, &encoded, length
        )
        guard code == ARGON2_OK.rawValue else {
            throw HashError.argon2(code: code, message: String(cString: argon2_error_message(code)))
        }
        return String(decoding: encoded.prefix { $0 != 0 }.map(UInt8.init(bitPattern:)), as: UTF8.self)
    }
}
