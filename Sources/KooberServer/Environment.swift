import ArgumentParser

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process environment, read for the `KOOBER_…` fallbacks of the command-line flags.
struct Environment {
    private let lookup: (String) -> String?

    init(lookup: @escaping (String) -> String? = { getenv($0).map { String(cString: $0) } }) {
        self.lookup = lookup
    }

    func string(_ name: String) -> String? {
        lookup(name).flatMap { $0.isEmpty ? nil : $0 }
    }

    func int(_ name: String) throws -> Int? {
        guard let text = string(name) else { return nil }
        guard let value = Int(text) else { throw ValidationError("\(name) must be a whole number, not '\(text)'") }
        return value
    }

    func bool(_ name: String) throws -> Bool? {
        switch string(name)?.lowercased() {
        case nil: return nil
        case "1", "true", "yes", "on": return true
        case "0", "false", "no", "off": return false
        case let text?: throw ValidationError("\(name) must be true or false, not '\(text)'")
        }
    }
}
