import KooberKit
import Testing

@testable import KooberWeb

/// One catalogue read from its text (`key = text`), and its words looked up, counted and filled in.
@Suite struct WordsTests {
    private func catalogue(_ text: String, in language: Language = .english) throws -> Words {
        try Words(language: language, text: text, file: "words/test.words")
    }

    @Test func aCatalogueIsKeysAndTextsBetweenCommentsAndBlankLines() throws {
        let words = try catalogue(
            "# Koober's words\n\nsignIn.title = Sign In\n  \t\ncommon.back = Back = Return\n# end\nride2.x = {count} ")
        #expect(words.entries == ["signIn.title": "Sign In", "common.back": "Back = Return", "ride2.x": "{count} "])
        #expect(words("signIn.title") == "Sign In")
    }

    /// A translator's editor may save the file with CRLF line endings, which the loader means to accept.
    @Test func aCatalogueWithWindowsLineEndingsReadsAsWithUnixOnes() throws {
        let lines = ["# Koober's words", "signIn.title = Sign In", "", "common.back = Back"]
        let unix = try catalogue(lines.joined(separator: "\n"))
        #expect(unix.entries == ["signIn.title": "Sign In", "common.back": "Back"])
        let windows = try catalogue(lines.joined(separator: "\r\n") + "\r\n")
        #expect(windows.entries == unix.entries)
        let error = #expect(throws: Words.LoadError.self) {
            try catalogue(["common.back = Back", "common.next = Next", "broken"].joined(separator: "\r\n"))
        }
        #expect(error?.description.contains("words/test.words:3") == true, "\(String(describing: error))")
    }

    @Test(arguments: [
        "signIn.title Sign In", "signIn.title=Sign In", "signIn.title =Sign In", "sign in = Sign In",
        "signIn..title = Sign In", ".signIn = Sign In", "signIn. = Sign In", "signIn.title = ", " = Sign In",
        "signIn.title\t=\tSign In", "ключ = Sign In", "sign-in = Sign In", "{{words.x}} = Sign In",
    ])
    func aMalformedLineIsRefusedByFileAndLine(line: String) throws {
        let error = #expect(throws: Words.LoadError.self) {
            try catalogue("# words\ncommon.back = Back\n\(line)\ncommon.next = Next\n")
        }
        #expect(error?.description.contains("words/test.words:3") == true, "\(String(describing: error))")
    }

    @Test func aRepeatedKeyIsRefusedByFileLineAndKey() throws {
        let error = #expect(throws: Words.LoadError.self) {
            try catalogue("common.back = Back\ncommon.next = Next\n\ncommon.back = Go back\n")
        }
        #expect(error?.description.contains("words/test.words:4") == true, "\(String(describing: error))")
        #expect(error?.description.contains("common.back") == true, "\(String(describing: error))")
    }

    @Test func aMissingCatalogueIsNamed() {
        let error = #expect(throws: Words.LoadError.self) { try Words.load(directory: "/nonexistent/words") }
        #expect(error?.description.contains("/nonexistent/words/") == true)
    }

    @Test func aWordsPlaceholdersAreFilledInOnePass() throws {
        let words = try catalogue("ride.greeting = Hello {name}, from {place}\nodd = Use {} and { x } and {name")
        #expect(words("ride.greeting") == "Hello {name}, from {place}")
        #expect(words("ride.greeting", ["name": "Skippy", "place": "Bondi"]) == "Hello Skippy, from Bondi")
        // A value is never read for placeholders of its own: a rider may be called "{place}".
        #expect(words("ride.greeting", ["name": "{place}", "place": "Bondi"]) == "Hello {place}, from Bondi")
        #expect(words("ride.greeting", ["place": "{name}"]) == "Hello {name}, from {name}")
        #expect(words("odd", ["name": "Skippy"]) == "Use {} and { x } and {name")
        #expect(words("no.such.word") == "no.such.word")
    }

    /// Texts outside ASCII, with characters that combine, and placeholders filled with nothing.
    @Test func placeholdersAreFilledInAnyScript() throws {
        let words = try catalogue(
            "ride.onTheWay = {animal} đang đến\nride.arabic = {animal} في الطريق إلى {place}\n"
                + "ride.alone = {name}\nride.combining = e\u{301}{name}e\u{301}")
        #expect(words("ride.onTheWay", ["animal": "Jumpy"]) == "Jumpy đang đến")
        #expect(words("ride.arabic", ["animal": "Jumpy", "place": "Bondi"]) == "Jumpy في الطريق إلى Bondi")
        #expect(words("ride.alone", ["name": ""]) == "")
        #expect(words("ride.combining", ["name": "ü"]) == "e\u{301}üe\u{301}")
        #expect(Words.placeholders(in: "{animal} في الطريق إلى {place}") == ["animal", "place"])
    }

    @Test func aCountingWordTakesTheFormOfItsCountsCategory() throws {
        let english = try catalogue(
            "ride.minutes.one = {count} minute\nride.minutes.other = {count} minutes\n"
                + "ride.seats.one = {name}, a seat left\nride.seats.other = {name}, {count} seats left")
        #expect(english.counting("ride.minutes", 1) == "1 minute")
        #expect(english.counting("ride.minutes", 0) == "0 minutes")
        #expect(english.counting("ride.minutes", 5) == "5 minutes")
        #expect(english.counting("ride.seats", 1, ["name": "Skippy"]) == "Skippy, a seat left")
        #expect(english.counting("ride.seats", 2, ["name": "{count}"]) == "{count}, 2 seats left")
        #expect(english.counting("no.such.word", 2) == "no.such.word")

        let forms = PluralCategory.allCases.map { "n.\($0.rawValue) = \($0.rawValue) {count}" }
        let arabic = try catalogue(forms.joined(separator: "\n"), in: .arabic)
        let expected = [
            0: "zero 0", 1: "one 1", 2: "two 2", 3: "few 3", 11: "many 11", 100: "other 100", 103: "few 103",
        ]
        for (count, text) in expected {
            #expect(arabic.counting("n", count) == text)
        }
        let chinese = try catalogue("ride.minutes.other = {count} 分钟", in: .chinese)
        #expect(chinese.counting("ride.minutes", 1) == "1 分钟")
    }

    @Test func placeholdersAreNamesInBraces() {
        #expect(
            Words.placeholders(in: "Going to {dropoffName} at {time}, {count} {time}") == [
                "dropoffName", "time", "count", "time",
            ])
        #expect(Words.placeholders(in: "{a b} {} {ride.from} {.} {é} {unclosed") == ["ride.from", "."])
        #expect(Words.placeholders(in: "No places match “{query}”.") == ["query"])
    }
}
