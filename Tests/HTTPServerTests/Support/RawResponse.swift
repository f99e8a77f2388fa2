/// An HTTP/1.1 response as it came off the wire.
struct RawResponse: Sendable {
    var version: String
    var status: Int
    var headers: [(name: String, value: String)]
    var body: [UInt8]

    var bodyText: String { String(decoding: body, as: UTF8.self) }

    /// The first value of the header `name` (case-insensitive).
    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// Every value of the header `name`, in order.
    func headers(named name: String) -> [String] {
        headers.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
    }

    /// Parses the response at the start of `bytes`: the response and the number of bytes it took, or `nil`
    /// when it is not complete yet. The body is `Content-Length` long (none for `HEAD`, 1xx, 204 and 304).
    static func parse(_ bytes: [UInt8], toHEAD: Bool) throws -> (RawResponse, Int)? {
        guard let headEnd = bytes.firstRange(of: Array("\r\n\r\n".utf8)) else { return nil }
        let lines = String(decoding: bytes[..<headEnd.lowerBound], as: UTF8.self)
            .split(separator: "\r\n", omittingEmptySubsequences: false)
        let statusLine = lines[0].split(separator: " ", maxSplits: 2)
        guard statusLine.count >= 2, statusLine[0].hasPrefix("HTTP/"), let status = Int(statusLine[1]) else {
            throw BlockingSocket.Failure.malformedResponse(String(lines[0]))
        }
        var headers: [(name: String, value: String)] = []
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else {
                throw BlockingSocket.Failure.malformedResponse(String(line))
            }
            headers.append((String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: " ")))
        }
        var response = RawResponse(version: String(statusLine[0]), status: status, headers: headers, body: [])
        let bodyless = toHEAD || status < 200 || status == 204 || status == 304
        let length = bodyless ? 0 : response.header("Content-Length").flatMap { Int($0) } ?? 0
        let bodyStart = headEnd.upperBound
        guard bytes.count >= bodyStart + length else { return nil }
        response.body = Array(bytes[bodyStart..<bodyStart + length])
        return (response, bodyStart + length)
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in characters: String) -> String {
        String(drop { characters.contains($0) }.reversed().drop { characters.contains($0) }.reversed())
    }
}
