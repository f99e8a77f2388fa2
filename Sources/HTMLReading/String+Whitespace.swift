extension String {
    /// The string with runs of ASCII whitespace turned into one space and both ends trimmed, as a browser
    /// renders text (a no-break space is not whitespace here, as in HTML).
    public var collapsingWhitespace: String {
        var result = ""
        var pendingSpace = false
        for scalar in unicodeScalars {
            switch scalar {
            case " ", "\t", "\n", "\r", "\u{0C}":
                pendingSpace = !result.isEmpty
            default:
                if pendingSpace {
                    result.unicodeScalars.append(" ")
                    pendingSpace = false
                }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
