import HTTPServer

/// The HTTP date parser (`If-Modified-Since`): whatever the bytes, it returns without trapping, and a date it accepts
/// is one it writes back the same (an IMF-fixdate of a year it accepts).
public struct HTTPDateFuzzTarget: FuzzTarget {
    public let name = "http-date"

    public func check(_ input: [UInt8]) throws(FuzzFinding) {
        let text = String(decoding: input, as: UTF8.self)
        guard let seconds = HTTPDate.parse(text) else { return }
        guard HTTPDate.format(secondsSince1970: seconds) == text else {
            throw FuzzFinding("accepted \(text.debugDescription), which formats as another date")
        }
        guard let year = Int(text.split(separator: " ")[3]), HTTPDate.years.contains(year) else {
            throw FuzzFinding("accepted a year out of range: \(text.debugDescription)")
        }
    }
}
