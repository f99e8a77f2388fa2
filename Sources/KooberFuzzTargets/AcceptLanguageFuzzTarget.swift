import KooberKit
import KooberWeb

/// `Accept-Language` as Koober reads it (`AcceptLanguage`): any visitor sends any header. Reading it never traps; it
/// keeps at most `elementLimit` ranges, each of 1 to 8 letters and digits a subtag with a weight from 0 to 1000, most
/// wanted first; and the language it picks is one a range with a weight above zero asks for, or none.
public struct AcceptLanguageFuzzTarget: FuzzTarget {
    public let name = "accept-language"

    public func check(_ input: [UInt8]) throws(FuzzFinding) {
        let header = String(decoding: input, as: UTF8.self)
        let accept = AcceptLanguage(header)
        guard accept.ranges.count <= AcceptLanguage.elementLimit else {
            throw FuzzFinding("kept \(accept.ranges.count) ranges")
        }
        for range in accept.ranges {
            guard (0...1000).contains(range.weight), !range.subtags.isEmpty,
                range.subtags.allSatisfy({ $0 == "*" || (1...8).contains($0.count) })
            else { throw FuzzFinding("kept \(range) of \(header.debugDescription)") }
        }
        guard zip(accept.ranges, accept.ranges.dropFirst()).allSatisfy({ $0.weight >= $1.weight }) else {
            throw FuzzFinding("ranges not most wanted first in \(header.debugDescription)")
        }
        guard let language = accept.bestLanguage else { return }
        let asked = accept.ranges.filter { $0.weight > 0 }.map { $0.subtags[0].lowercased() }
        let primary = language == .english ? ["en", "*"] : [String(language.tag.prefix(2)).lowercased()]
        guard asked.contains(where: primary.contains) else {
            throw FuzzFinding("chose \(language.tag) for \(header.debugDescription)")
        }
    }
}
