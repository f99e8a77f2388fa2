import HTTPServer
import Testing

@Suite("Request ids")
struct RequestIDTests {
    @Test func idsAreSixteenLowercaseHexDigitsCountingUpByOne() throws {
        let ids = (0..<300).map { _ in RequestID.make() }
        for id in ids {
            #expect(id.count == 16)
            #expect(id.allSatisfy(\.isHexDigit) && id == id.lowercased())
        }
        let values = try ids.map { try #require(UInt64($0, radix: 16)) }
        // Other tests make ids at the same time, so a step may be more than one, but never less or backwards.
        for (earlier, later) in zip(values, values.dropFirst()) {
            #expect(later &- earlier >= 1 && later &- earlier < 1_000_000)
        }
    }
}
