import Foundation
import HTTPServer
import TestKit
import Testing

@Suite("HTTP dates (IMF-fixdate)")
struct HTTPDateTests {
    @Test func theRFCExampleIsFormattedAndParsed() {
        #expect(HTTPDate.format(secondsSince1970: 784_111_777) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT") == 784_111_777)
    }

    @Test func theEpochIsAThursday() {
        #expect(HTTPDate.format(secondsSince1970: 0) == "Thu, 01 Jan 1970 00:00:00 GMT")
        #expect(HTTPDate.parse("Thu, 01 Jan 1970 00:00:00 GMT") == 0)
    }

    @Test(arguments: [
        (951_782_400, "Tue, 29 Feb 2000 00:00:00 GMT"),
        (1_709_164_799, "Wed, 28 Feb 2024 23:59:59 GMT"),
        (2_147_483_648, "Tue, 19 Jan 2038 03:14:08 GMT"),
        (4_102_444_800, "Fri, 01 Jan 2100 00:00:00 GMT"),
    ])
    func knownInstantsFormatAndParseBack(seconds: Int, text: String) {
        #expect(HTTPDate.format(secondsSince1970: seconds) == text)
        #expect(HTTPDate.parse(text) == seconds)
    }

    @Test func formattingThenParsingGivesTheSameSecond() {
        var generator = SeededGenerator(seed: 1994)
        for _ in 0..<1_000 {
            let seconds = Int(generator.next() % 4_102_444_800)
            #expect(HTTPDate.parse(HTTPDate.format(secondsSince1970: seconds)) == seconds)
        }
    }

    /// Between the seconds read just before and just after, however long a busy machine takes in between.
    @Test func nowIsTheCurrentTime() throws {
        let before = Int(Date().timeIntervalSince1970)
        let now = try #require(HTTPDate.parse(HTTPDate.now()))
        let after = Int(Date().timeIntervalSince1970)
        #expect((before...after).contains(now))
    }

    @Test(arguments: [
        "",
        "yesterday",
        "Sunday, 06-Nov-94 08:49:37 GMT",  // RFC 850: obsolete, treated as absent
        "Sun Nov  6 08:49:37 1994",  // asctime: obsolete, treated as absent
        "Sun, 06 Nov 1994 08:49:37 UTC",
        "Sun, 06 Nov 1994 08:49:37 +0000",
        "Sun, 06 Foo 1994 08:49:37 GMT",
        "Sun, 06 nov 1994 08:49:37 GMT",
        "Sun, xx Nov 1994 08:49:37 GMT",
        "Sun, 06 Nov year 08:49:37 GMT",
        "Sun 06 Nov 1994 08:49:37 GMT",
        "Sun, 06 Nov 1994 08:49 GMT",
        "Sun, 06 Nov 1994 08:49:37:00 GMT",
        "Sun, 06 Nov 1994 08:xx:49:37 GMT",
        "Sun, 06 Nov 1994 08::49:37 GMT",
        "Sun, 06 Nov 1994 08:49:37 GMT trailing",
        "Sun, 06 Nov 1994  08:49:37 GMT",
        "Sun, 31 Feb 1994 08:49:37 GMT",
        "Sun, 06 Nov 1994 25:49:37 GMT",
        "Sun, 06 Nov 1994 08:61:37 GMT",
        "Mon, 06 Nov 1994 08:49:37 GMT",
        "Sun, 6 Nov 1994 08:49:37 GMT",
        "Sat, 01 Jan 1000 00:00:00 GMT",  // before 1900
        "Sun, 06 Nov 1994 08:49:37 GMT\u{0}",
        "Sun, 06 Nov 199\u{FF14} 08:49:37 GMT",  // a fullwidth digit
    ])
    func parseRejectsAnythingButAnIMFFixdate(text: String) {
        #expect(HTTPDate.parse(text) == nil)
    }

    /// Each of these trapped the process when it parsed the header (issue 17): a field too large for `Int32`, a
    /// year whose `- 1900` overflows, and one that passed the conversion and trapped when formatted again.
    static let hostileDates = [
        "Sun, 06 Nov 99999999999 08:49:37 GMT",
        "Sun, 06 Nov -9223372036854775808 08:49:37 GMT",
        "Sun, 06 Nov 2147485547 08:49:37 GMT",
        "Sun, 99999999999 Nov 1994 08:49:37 GMT",
        "Sun, 06 Nov 1994 99999999999:49:37 GMT",
        "Sun, 06 Nov 1994 08:99999999999:37 GMT",
        "Sun, 06 Nov 1994 08:49:99999999999 GMT",
        "Sun, 06 Nov 1994 -9223372036854775808:49:37 GMT",
    ]

    @Test(arguments: hostileDates)
    func hostileFieldsAreRejectedWithoutTrapping(text: String) {
        #expect(HTTPDate.parse(text) == nil)
    }

    @Test func theYearsAcceptedAre1900To9999() {
        #expect(HTTPDate.parse("Mon, 01 Jan 1900 00:00:00 GMT") == -2_208_988_800)
        #expect(HTTPDate.parse("Fri, 31 Dec 9999 23:59:59 GMT") == 253_402_300_799)
        #expect(HTTPDate.parse("Sun, 31 Dec 1899 23:59:59 GMT") == nil)
    }

    @Test(arguments: [Int.min, Int.max, -1, -86_401, 253_402_300_800])
    func anyInstantFormatsWithoutTrapping(seconds: Int) {
        #expect(HTTPDate.format(secondsSince1970: seconds).hasSuffix(" GMT"))
    }

    @Test func instantsBeforeTheEpochFormat() {
        #expect(HTTPDate.format(secondsSince1970: -1) == "Wed, 31 Dec 1969 23:59:59 GMT")
    }
}
