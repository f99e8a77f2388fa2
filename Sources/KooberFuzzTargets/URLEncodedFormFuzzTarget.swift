import HTTPServer

/// The form and query decoder: whatever it accepts, encoding it again and decoding that gives the same fields.
public struct URLEncodedFormFuzzTarget: FuzzTarget {
    public let name = "form"

    public func check(_ input: [UInt8]) throws(FuzzFinding) {
        let form: URLEncodedForm
        do {
            form = try URLEncodedForm(decoding: input)
        } catch {
            return  // a clear refusal (bad escape, invalid UTF-8, too many fields) is a right answer
        }
        guard form.fields.count <= URLEncodedForm.maximumFieldCount else {
            throw FuzzFinding("\(form.fields.count) fields decoded, over the limit")
        }
        let encoded = URLEncodedForm.encode(form.fields)
        do {
            let again = try URLEncodedForm(decoding: Array(encoded.utf8))
            guard again == form || (form.fields.count == 1 && form.fields[0] == ("", "") && again.fields.isEmpty)
            else { throw FuzzFinding("decode(encode(form)) differs: \(form.fields) → \(encoded)") }
        } catch let finding as FuzzFinding {
            throw finding
        } catch {
            throw FuzzFinding("the encoding of a decoded form does not decode: \(encoded) (\(error))")
        }
    }
}
