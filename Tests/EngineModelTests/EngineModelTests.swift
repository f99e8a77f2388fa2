import Foundation
import Testing

/// The ride engine against a model of its promises (`EngineModel`), on random histories, on every store, with a
/// virtual clock (issue 29). A failure names its seed; `KOOBER_MODEL_SEED=<seed> swift test --filter EngineModelTests`
/// replays that one history (add `KOOBER_MODEL_TRACE=1` to print its steps).
struct EngineModelTests {
    /// Histories per store: the in-memory one is cheap, PostgreSQL costs a round trip per call.
    private static func seeds(for kind: EngineWorld.Kind) -> [UInt64] {
        if let seed = ProcessInfo.processInfo.environment["KOOBER_MODEL_SEED"].flatMap(UInt64.init) { return [seed] }
        let count: UInt64 =
            switch kind {
            case .inMemory: 40
            case .sqlite: 12
            case .postgres: 4
            }
        return Array(1...count)
    }

    @Test(arguments: EngineWorld.Kind.allCases)
    func randomHistoriesKeepTheEnginesPromises(kind: EngineWorld.Kind) async throws {
        for seed in Self.seeds(for: kind) {
            try await EngineWorld.with(kind) { world in
                let model = EngineModel(world: world, seed: seed)
                try await model.run(steps: 150)
                #expect(model.problems.isEmpty, "\(kind), seed \(seed): \(model.problems.joined(separator: "; "))")
            }
        }
    }
}
