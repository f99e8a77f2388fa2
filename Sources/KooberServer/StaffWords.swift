import Foundation
import KooberKit

/// What `koober staff` says, in English for the operator: the enrolment link, the staff table, and what is wrong with
/// an argument.
enum StaffWords {
    /// The one-time link `koober staff add` prints: `<public URL>/ops/enrol?token=…` (the token is base64url, safe in a
    /// query as it is).
    static func enrolmentLink(publicURL: String, token: StaffEnrolmentToken) -> String {
        "\(publicURL)/ops/enrol?token=\(token.value)"
    }

    /// A line for the columns' names, then one a member, in columns: email, name, role, enrolled, last sign-in.
    static func table(_ members: [StaffMember]) -> [String] {
        let rows =
            [["EMAIL", "NAME", "ROLE", "ENROLLED", "LAST SIGN-IN"]]
            + members.map { member in
                [
                    printable(member.email), printable(member.name), member.role.rawValue,
                    member.isEnrolled ? "yes" : "no", member.lastSignInAt.map(utc) ?? "never",
                ]
            }
        let widths = (0..<5).map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            zip(row, widths).enumerated().map { index, cell in
                index == row.count - 1 ? cell.0 : cell.0.padding(toLength: cell.1, withPad: " ", startingAt: 0)
            }
            .joined(separator: "  ")
        }
    }

    /// An instant as ISO 8601 in UTC, to the second.
    static func utc(_ date: Date) -> String {
        date.formatted(.iso8601)
    }

    /// `text` with every control character shown as `?`: nothing stored can move the terminal's cursor or forge a line.
    static func printable(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.map { $0.properties.generalCategory == .control ? "?" : $0 }))
    }

    /// What is wrong with `field`, given as `value`.
    static func problem(_ problem: FieldProblem, of field: StaffField, _ value: String) -> String {
        let name = field == .email ? "email" : "name"
        switch problem {
        case .missing: return "The \(name) is missing"
        case .tooLong(let limit):
            let unit = limit.unit == .utf8Bytes ? "bytes" : "characters"
            return "The \(name) is longer than \(limit.maximum) \(unit)"
        case .notAnEmailAddress: return "'\(printable(value))' is not an email address"
        default: return "The \(name) is not valid"
        }
    }
}
