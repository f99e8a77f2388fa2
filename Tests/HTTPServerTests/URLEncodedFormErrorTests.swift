import HTTPServer
import TestKit
import Testing

@Suite("URLEncodedForm rejects what it cannot decode")
struct URLEncodedFormErrorTests {
    private func decode(_ text: String) throws(FormDecodingError) -> URLEncodedForm {
        try URLEncodedForm(decoding: Array(text.utf8))
    }

    @Test(arguments: ["%", "%4", "%zz", "a=%", "a=%4", "a=%zz", "a=1%", "%g1=x", "a=%4g", "a=%%41", "ok=1&bad=%2"])
    func anIncompleteOrNonHexEscapeIsAnInvalidPercentEscape(input: String) {
        #expect(throws: FormDecodingError.invalidPercentEscape) { try decode(input) }
    }

    @Test(arguments: ["%ff", "a=%ff", "%c0%af", "a=%c0%af", "a=%e2%82", "a=%ed%a0%80", "a=%80", "%fe=1"])
    func bytesThatAreNotUTF8AreInvalidUTF8(input: String) {
        #expect(throws: FormDecodingError.invalidUTF8) { try decode(input) }
    }

    @Test func rawBytesThatAreNotUTF8AreInvalidUTF8() {
        #expect(throws: FormDecodingError.invalidUTF8) { try URLEncodedForm(decoding: [0x61, 0x3D, 0xFF]) }
    }

    @Test func decodingArbitraryBytesNeverCrashes() {
        var generator = SeededGenerator(seed: 0x6B6F_6F62_6572)
        let alphabet = Array("%+=&aZ09fF".utf8) + [0x00, 0x80, 0xC3, 0xA9, 0xFF]
        var outcomes: Set<String> = []
        for _ in 0..<5_000 {
            let length = Int(generator.next() % 24)
            let bytes = (0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            do {
                let form = try URLEncodedForm(decoding: bytes)
                #expect(form.fields.count <= length)
                outcomes.insert("decoded")
            } catch {
                outcomes.insert("\(error)")
            }
        }
        // The random inputs exercise every outcome but too many fields, which needs long inputs.
        #expect(outcomes == ["decoded", "invalidPercentEscape", "invalidUTF8"])
    }
}
