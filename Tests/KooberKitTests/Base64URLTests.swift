import Foundation
import KooberKit
import Testing

struct Base64URLTests {
    @Test func encodesRFC4648sTestVectorsWithoutPadding() {
        let vectors = [
            "": "", "f": "Zg", "fo": "Zm8", "foo": "Zm9v", "foob": "Zm9vYg", "fooba": "Zm9vYmE", "foobar": "Zm9vYmFy",
        ]
        for (input, expected) in vectors {
            #expect(Base64URL.encode(Array(input.utf8)) == expected)
        }
    }

    @Test func agreesWithFoundationsBase64ForEveryLengthAndByte() {
        var generator = SystemRandomNumberGenerator()
        for length in 0..<70 {
            let bytes = (0..<length).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
            let foundation = Data(bytes).base64EncodedString()
                .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                .replacingOccurrences(of: "=", with: "")
            #expect(Base64URL.encode(bytes) == foundation, "\(bytes)")
        }
        let everyByte = (0...255).map { UInt8($0) }
        #expect(Base64URL.encode(everyByte).count == 342)
    }
}
