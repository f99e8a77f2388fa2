/// What a server's EHLO reply offers, of what `SMTPTransport` uses.
struct SMTPCapabilities: Sendable, Equatable {
    var startTLS = false
    var eightBitMIME = false
    var smtpUTF8 = false
    /// Upper-cased: `PLAIN`, `LOGIN`, …
    var authMechanisms: Set<String> = []

    /// Nothing: what a server answering HELO offers.
    init() {}

    /// Read from the EHLO reply's lines after the first (each a keyword and its parameters).
    init(ehlo reply: SMTPReply) {
        for line in reply.lines.dropFirst() {
            let words = line.uppercased().split(whereSeparator: { $0 == " " || $0 == "=" }).map(String.init)
            switch words.first {
            case "STARTTLS": startTLS = true
            case "8BITMIME": eightBitMIME = true
            case "SMTPUTF8": smtpUTF8 = true
            case "AUTH": authMechanisms.formUnion(words.dropFirst())
            default: break
            }
        }
    }
}
