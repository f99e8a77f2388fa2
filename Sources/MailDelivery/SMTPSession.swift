import NIOSSL

/// The dialogue on one connection (RFC 5321): the greeting, EHLO (HELO when EHLO is refused), STARTTLS whenever
/// offered, AUTH, then each message's MAIL FROM, RCPT TO and DATA, with RSET after a message the server refused.
struct SMTPSession {
    let connection: SMTPConnection
    let capabilities: SMTPCapabilities

    /// Everything before the first message. Credentials are sent only over TLS; a server that refuses the handshake
    /// or the credentials ends the batch (`SMTPAbort`).
    static func begin(
        on connection: SMTPConnection, url: SMTPURL, heloName: String, tls: NIOSSLContext
    ) async throws(SMTPAbort) -> SMTPSession {
        let greeting = try await connection.reply(answering: "connecting (the greeting)")
        guard greeting.code == 220 else { throw .retryLater("the server's greeting: \(greeting.summary)") }
        var capabilities = try await hello(on: connection, as: heloName)
        var isTLS = url.implicitTLS
        if !isTLS && capabilities.startTLS {
            let reply = try await connection.command("STARTTLS")
            guard reply.code == 220 else { throw .retryLater("STARTTLS: \(reply.summary)") }
            try await connection.startTLS(tls, host: url.host)
            isTLS = true
            capabilities = try await hello(on: connection, as: heloName)
        }
        if let username = url.username {
            guard isTLS else { throw .retryLater("the server offers no STARTTLS; credentials are sent only over TLS") }
            try await authenticate(
                on: connection, username: username, password: url.password ?? "",
                mechanisms: capabilities.authMechanisms)
        }
        return SMTPSession(connection: connection, capabilities: capabilities)
    }

    private static func hello(on connection: SMTPConnection, as name: String) async throws(SMTPAbort)
        -> SMTPCapabilities
    {
        let ehlo = try await connection.command("EHLO \(name)")
        if ehlo.code == 250 { return SMTPCapabilities(ehlo: ehlo) }
        guard ehlo.isPermanentFailure else { throw .retryLater("EHLO: \(ehlo.summary)") }
        let helo = try await connection.command("HELO \(name)")
        guard helo.code == 250 else { throw .retryLater("HELO: \(helo.summary)") }
        return SMTPCapabilities()
    }

    /// AUTH PLAIN when offered, else AUTH LOGIN; the credentials never appear in a result or a log.
    private static func authenticate(
        on connection: SMTPConnection, username: String, password: String, mechanisms: Set<String>
    ) async throws(SMTPAbort) {
        let reply: SMTPReply
        if mechanisms.contains("PLAIN") {
            let token = Base64.encode(Array("\0\(username)\0\(password)".utf8))
            reply = try await connection.command("AUTH PLAIN \(token)", shownAs: "AUTH PLAIN")
        } else if mechanisms.contains("LOGIN") {
            let challenge = try await connection.command("AUTH LOGIN")
            guard challenge.code == 334 else { throw .refused(challenge, answering: "AUTH LOGIN") }
            let next = try await connection.command(Base64.encode(username.utf8), shownAs: "AUTH LOGIN's user name")
            guard next.code == 334 else { throw .refused(next, answering: "AUTH LOGIN's user name") }
            reply = try await connection.command(Base64.encode(password.utf8), shownAs: "AUTH LOGIN's password")
        } else {
            throw .retryLater("the server offers neither AUTH PLAIN nor AUTH LOGIN")
        }
        guard reply.code == 235 else { throw .refused(reply, answering: "AUTH") }
    }

    /// One message: its result when the server answers, `SMTPAbort` when the connection cannot go on.
    func deliver(_ message: MailMessage) async throws(SMTPAbort) -> MailDeliveryResult {
        let needsUTF8 = !message.from.isASCII || !message.to.isASCII
        if needsUTF8 && !capabilities.smtpUTF8 {
            return .rejected("an address is not ASCII and the server does not offer SMTPUTF8")
        }
        let body: MIMEEncoding.Body = capabilities.eightBitMIME ? .eightBit : .quotedPrintable
        let parameters = (body == .eightBit ? " BODY=8BITMIME" : "") + (needsUTF8 ? " SMTPUTF8" : "")
        let mail = try await connection.command("MAIL FROM:<\(message.from.address)>\(parameters)")
        guard mail.isPositive else { return try await failed(mail, answering: "MAIL FROM") }
        let recipient = try await connection.command("RCPT TO:<\(message.to.address)>")
        guard recipient.isPositive else { return try await failed(recipient, answering: "RCPT TO") }
        let data = try await connection.command("DATA")
        guard data.code == 354 else { return try await failed(data, answering: "DATA") }
        let end = try await connection.data(Self.dotStuffed(MIMEEncoding.encode(message, body: body)))
        guard end.isPositive else { return try await failed(end, answering: "the message") }
        return .delivered
    }

    /// The refused message's result; RSET first, so the next message starts clean.
    private func failed(_ reply: SMTPReply, answering what: String) async throws(SMTPAbort) -> MailDeliveryResult {
        let reset = try await connection.command("RSET")
        guard reset.isPositive else { throw .retryLater("RSET: \(reset.summary)") }
        return SMTPAbort.refused(reply, answering: what).result
    }

    /// A message as DATA sends it: a line that starts with `.` gets another, and `.` CRLF ends it.
    static func dotStuffed(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + bytes.count / 64 + 5)
        var atLineStart = true
        for byte in bytes {
            if atLineStart && byte == UInt8(ascii: ".") { output.append(byte) }
            output.append(byte)
            atLineStart = byte == 0x0A
        }
        if !output.isEmpty && !atLineStart { output += [0x0D, 0x0A] }
        return output + Array(".\r\n".utf8)
    }
}
