/// Why `KooberDispatchCost` stopped: the store did not do what the round needs.
struct DispatchBenchError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
