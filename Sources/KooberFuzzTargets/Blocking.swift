import Dispatch
import Synchronization

/// libFuzzer calls its entry point synchronously on its own thread; this waits there for async work.
enum Blocking {
    static func run<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) -> T {
        let done = DispatchSemaphore(value: 0)
        let box = Mutex<Result<T, any Error>?>(nil)
        Task {
            let result: Result<T, any Error>
            do { result = .success(try await body()) } catch { result = .failure(error) }
            box.withLock { $0 = result }
            done.signal()
        }
        done.wait()
        switch box.withLock({ $0 })! {
        case .success(let value): return value
        case .failure(let error): fatalError("The fuzz harness failed: \(error)")
        }
    }
}
