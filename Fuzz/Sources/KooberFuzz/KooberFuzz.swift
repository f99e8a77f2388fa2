import CLibFuzzer
import Foundation
import KooberFuzzTargets

/// The one target this run fuzzes, named by `KOOBER_FUZZ_TARGET` (`scripts/fuzz` sets it).
private let target: any FuzzTarget = {
    let name = ProcessInfo.processInfo.environment["KOOBER_FUZZ_TARGET"] ?? ""
    guard let target = FuzzTargets.named(name) else {
        fatalError("KOOBER_FUZZ_TARGET must be one of \(FuzzTargets.all.map(\.name)), not '\(name)'")
    }
    return target
}()

/// libFuzzer's entry point: one input per call; a finding stops the run, which keeps the input as `crash-…`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    do {
        try target.check(input)
    } catch {
        fatalError("Fuzz finding in \(target.name): \(error)")
    }
    return 0
}

/// The process's entry point. SwiftPM links an executable's `main` to `KooberFuzz_main`, so libFuzzer's own `main`
/// is not the one that runs: this hands over to libFuzzer's driver.
@_cdecl("KooberFuzz_main")
public func kooberFuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzOneInput(data, size) }
}
