/// An address with an optional display name. `init?` refuses addresses that are not one `local@domain` with no
/// CR, LF, NUL (nor any other control character), spaces, `<`, `>`, `"`, `,`, `;`, `(`, `)`, or `\`, and longer
/// than 254 octets (a local part over 64); display names may be anything (they are encoded when written).
public struct MailAddress: Sendable, Hashable {
    /// `local@domain`, as it goes between angle brackets.
    public let address: String
    /// The name shown beside the address, if any (never empty).
    public let displayName: String?

    public init?(_ address: String, displayName: String? = nil) {
        guard Self.isAcceptable(address) else { return nil }
        self.address = address
        self.displayName = displayName?.isEmpty == false ? displayName : nil
    }

    /// Whether the address uses nothing but ASCII (otherwise it needs SMTPUTF8).
    public var isASCII: Bool {
        address.utf8.allSatisfy { $0 < 0x80 }
    }

    private static let refusedCharacters: Set<Unicode.Scalar> = [" ", "<", ">", "\"", ",", ";", "(", ")", "\\"]

    private static func isAcceptable(_ address: String) -> Bool {
        guard address.utf8.count <= 254 else { return false }
        let parts = address.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, let local = parts.first, let domain = parts.last else { return false }
        guard !local.isEmpty, local.utf8.count <= 64, !domain.isEmpty else { return false }
        return address.unicodeScalars.allSatisfy {
            !refusedCharacters.contains($0) && !$0.properties.isWhitespace && $0.properties.generalCategory != .control
        }
    }
}

extension MailAddress {
    /// `"Koober <no-reply@koober.localhost>"` (the name may be quoted) or a bare address, as the `--mail-from` flag
    /// takes it.
    public init?(parsing text: String) {
        let trimmed = text.trimmingSpaces
        guard trimmed.hasSuffix(">"), let open = trimmed.lastIndex(of: "<") else {
            self.init(trimmed)
            return
        }
        let address = String(trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)])
        var name = String(trimmed[..<open]).trimmingSpaces
        if name.count >= 2, name.hasPrefix("\""), name.hasSuffix("\"") {
            name = String(name.dropFirst().dropLast()).replacingOccurrences(of: "\\\"", with: "\"")
        }
        self.init(address, displayName: name)
    }
}

extension String {
    /// Without spaces and tabs at either end.
    var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
