import Foundation
import KooberSQLite
import Testing

struct SQLiteValueTests {
    @Test func datesAreStoredAsWholeUnixSecondsRoundedDown() {
        #expect(SQLiteValue.unixSeconds(Date(timeIntervalSince1970: 1_700_000_000.9)) == .integer(1_700_000_000))
        #expect(SQLiteValue.unixSeconds(Date(timeIntervalSince1970: -0.5)) == .integer(-1))
        #expect(SQLiteValue.integer(1_700_000_000).dateValue == Date(timeIntervalSince1970: 1_700_000_000))
    }
}
