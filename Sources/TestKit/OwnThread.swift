import Foundation

/// Runs `body` on a thread of its own and waits for it without holding a thread. Blocking work (socket calls, a fuzz
/// target that waits for async work the way libFuzzer calls it) must not occupy one of Swift's cooperative threads —
/// two on the CI machine — which every other test running in parallel needs.
public func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread { continuation.resume(with: Result { try body() }) }
    }
}
