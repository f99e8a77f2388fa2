/// Comparisons whose time does not depend on where two secrets first differ, so timing the answers cannot guess a
/// token byte by byte.
public enum ConstantTime {
    public static func equals(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        return zip(lhs, rhs).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
