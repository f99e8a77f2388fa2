/// Why `koober seed` could not write what it was asked to.
struct SeedError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
