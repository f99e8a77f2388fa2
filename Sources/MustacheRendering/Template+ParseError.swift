extension Template {
    /// Why a template's text does not parse, and where: the tag's line and column (both from 1; the column counts
    /// bytes).
    public struct ParseError: Error, CustomStringConvertible {
        public let message: String
        public let line: Int
        public let column: Int

        public var description: String { "\(message) at line \(line), column \(column)" }
    }
}
