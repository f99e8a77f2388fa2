import Foundation

/// Emails as Koober compares them.
public enum EmailAddress {
    /// Trimmed of surrounding white space and lower-cased, so `Johnny@Gmail.com ` and `johnny@gmail.com` match.
    public static func normalize(_ email: String) -> String {
        email.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }

    /// A plausible address: one `@`, something before it, a dot-separated domain after it, no spaces.
    public static func isValid(_ email: String) -> Bool {
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !email.contains(where: \.isWhitespace) else { return false }
        let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        return labels.count >= 2 && labels.allSatisfy { !$0.isEmpty }
    }
}
