import HTTPServer
import Testing

@Suite("URLEncodedForm decoding and encoding")
struct URLEncodedFormTests {
    private func decode(_ text: String) throws(FormDecodingError) -> URLEncodedForm {
        try URLEncodedForm(decoding: Array(text.utf8))
    }

    @Test func percentEscapesAreDecodedAsUTF8() throws {
        let form = try decode("name=J%C3%BCrgen&city=K%c3%b6ln&path=%2Fride%2F1")
        #expect(form["name"] == "Jürgen")
        #expect(form["city"] == "Köln")
        #expect(form["path"] == "/ride/1")
    }

    @Test func plusIsASpaceButAnEscapedPlusIsAPlus() throws {
        let form = try decode("q=hello+world&sum=1%2B1&both=a+%2B+b")
        #expect(form["q"] == "hello world")
        #expect(form["sum"] == "1+1")
        #expect(form["both"] == "a + b")
    }

    @Test func namesArePercentDecodedToo() throws {
        let form = try decode("pick+up%5B0%5D=home")
        #expect(form["pick up[0]"] == "home")
    }

    @Test func fieldsKeepTheirOrder() throws {
        let form = try decode("b=2&a=1&c=3")
        #expect(form.fields.map(\.name) == ["b", "a", "c"])
        #expect(form.fields.map(\.value) == ["2", "1", "3"])
    }

    @Test func repeatedNamesKeepEveryValueAndTheSubscriptGivesTheFirst() throws {
        let form = try decode("stop=Home&stop=Work&stop=Gym&rider=Ann")
        #expect(form.values(for: "stop") == ["Home", "Work", "Gym"])
        #expect(form["stop"] == "Home")
        #expect(form.values(for: "rider") == ["Ann"])
        #expect(form.values(for: "missing").isEmpty)
        #expect(form["missing"] == nil)
    }

    @Test func aPairWithoutEqualsSignHasAnEmptyValue() throws {
        let form = try decode("agree&size=2")
        #expect(form["agree"] == "")
        #expect(form["size"] == "2")
    }

    @Test func onlyTheFirstEqualsSignSplitsNameFromValue() throws {
        let form = try decode("expr=a%3Db=c&empty=")
        #expect(form["expr"] == "a=b=c")
        #expect(form["empty"] == "")
        #expect(try decode("x==")["x"] == "=")
    }

    @Test func emptyPairsAreSkipped() throws {
        let form = try decode("&&a=1&&&b=2&")
        #expect(form.fields.count == 2)
        #expect(form["a"] == "1")
        #expect(form["b"] == "2")
    }

    @Test func emptyInputIsAnEmptyForm() throws {
        #expect(try decode("").fields.isEmpty)
        #expect(try decode("&&&").fields.isEmpty)
        #expect(try decode("") == URLEncodedForm())
    }

    @Test func aThousandFieldsAreAcceptedButNotOneMore() throws {
        let fields = (0..<URLEncodedForm.maximumFieldCount).map { "f\($0)=\($0)" }
        #expect(try decode(fields.joined(separator: "&")).fields.count == 1_000)
        #expect(throws: FormDecodingError.tooManyFields) {
            try decode((fields + ["one=more"]).joined(separator: "&"))
        }
    }

    @Test func encodingKeepsUnreservedCharactersAndEscapesTheRest() {
        #expect(URLEncodedForm.encodeComponent("AZaz09-._~") == "AZaz09-._~")
        #expect(URLEncodedForm.encodeComponent("a b&c=d+e%") == "a+b%26c%3Dd%2Be%25")
        #expect(URLEncodedForm.encodeComponent("é") == "%C3%A9")
        #expect(URLEncodedForm.encodeComponent("\n") == "%0A")
        #expect(
            URLEncodedForm.encode([("from", "Home"), ("to", "Rue de l'Été")]) == "from=Home&to=Rue+de+l%27%C3%89t%C3%A9"
        )
    }

    @Test(arguments: [
        [("name", "Zoë Ørsted"), ("note", "ünïcödé 🚕 中文")],
        [("reserved", "&=+%?#/;, "), ("empty", ""), ("", "no name")],
        [("stop", "A"), ("stop", "B"), ("line\nbreak", "tab\there")],
    ])
    func encodedFieldsDecodeToTheSameFields(fields: [(String, String)]) throws {
        let form = URLEncodedForm(fields.map { (name: $0.0, value: $0.1) })
        let encoded = URLEncodedForm.encode(form.fields)
        #expect(encoded.utf8.allSatisfy { $0 < 0x80 && $0 != UInt8(ascii: " ") })
        #expect(try decode(encoded) == form)
    }

    @Test func formsWithTheSameFieldsInTheSameOrderAreEqual() {
        #expect(URLEncodedForm([("a", "1"), ("b", "2")]) == URLEncodedForm([("a", "1"), ("b", "2")]))
        #expect(URLEncodedForm([("a", "1"), ("b", "2")]) != URLEncodedForm([("b", "2"), ("a", "1")]))
        #expect(URLEncodedForm([("a", "1")]) != URLEncodedForm([("a", "1"), ("a", "1")]))
    }
}
