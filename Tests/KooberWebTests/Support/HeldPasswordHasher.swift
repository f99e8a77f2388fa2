import KooberKit
import Synchronization

/// Another hasher held at a gate: every hash and verification waits until the test releases them (or its task is
/// cancelled), so a test can fill a hashing queue with a few sign-ins and keep it full while it looks, without
/// guessing how long a slow hash would have to be.
struct HeldPasswordHasher: PasswordHasher {
    let hasher: any PasswordHasher
    let gate = HasherGate()

    func hash(_ password: String) async throws -> String {
        try await gate.wait()
        return try await hasher.hash(password)
    }

    func verify(_ password: String, against hash: String) async throws -> Bool {
        try await gate.wait()
        return try await hasher.verify(password, against: hash)
    }

    func standInHash() -> String {
        hasher.standInHash()
    }
}

/// Holds callers until `release()`; a held caller whose task is cancelled leaves with `CancellationError`.
final class HasherGate: Sendable {
    private let state = Mutex((open: false, waiting: [Int: CheckedContinuation<Void, any Error>](), next: 0))

    func wait() async throws {
        let id = state.withLock { state in
            state.next += 1
            return state.next
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let result = state.withLock { state -> Result<Void, any Error>? in
                    if state.open { return .success(()) }
                    if Task.isCancelled { return .failure(CancellationError()) }
                    state.waiting[id] = continuation
                    return nil
                }
                if let result { continuation.resume(with: result) }
            }
        } onCancel: {
            state.withLock { $0.waiting.removeValue(forKey: id) }?.resume(throwing: CancellationError())
        }
    }

    func release() {
        let waiting = state.withLock { state in
            state.open = true
            defer { state.waiting = [:] }
            return state.waiting.values
        }
        for continuation in waiting { continuation.resume() }
    }
}
