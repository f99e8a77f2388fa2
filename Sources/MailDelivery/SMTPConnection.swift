import NIOCore
import NIOPosix
import NIOSSL
import Timekeeping

/// One connection to an SMTP server: commands written as lines, replies awaited one at a time, every wait bounded by
/// `SMTPDeadlines` on the `AppClock` and ended by the batch's `SMTPStopTime`. A failure is an `SMTPAbort` that ends
/// the batch.
struct SMTPConnection: Sendable {
    private let channel: any Channel
    private let mailbox: SMTPReplyMailbox
    private let clock: any AppClock
    private let deadlines: SMTPDeadlines
    private let stopTime: SMTPStopTime

    /// Connects (TLS from the start when `tls` is given) within the connect deadline.
    static func open(
        to url: SMTPURL, tls: NIOSSLContext?, group: any EventLoopGroup, clock: any AppClock, deadlines: SMTPDeadlines,
        stopTime: SMTPStopTime
    ) async throws(SMTPAbort) -> SMTPConnection {
        let mailbox = SMTPReplyMailbox()
        let connect = stopTime.bound(deadlines.connect, now: clock.now)
        let serverName = tlsServerName(url.host)
        let bootstrap = ClientBootstrap(group: group)
            .connectTimeout(connect.timeAmount)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    if let tls {
                        let handler = try NIOSSLClientHandler(context: tls, serverHostname: serverName)
                        try channel.pipeline.syncOperations.addHandler(handler)
                    }
                    try channel.pipeline.syncOperations.addHandler(SMTPReplyHandler(mailbox: mailbox))
                }
            }
        let connecting = bootstrap.connect(host: url.host, port: url.port)
        let channel = try await FirstOf.future(
            connecting, orDeadline: connect, on: clock,
            failure: { .retryLater("cannot connect to \(url.host):\(url.port): \($0)") },
            timeout: .retryLater("cannot connect to \(url.host):\(url.port) within \(connect)"),
            discardLate: { (late: any Channel) in late.close(promise: nil) }
        ).get()
        return SMTPConnection(
            channel: channel, mailbox: mailbox, clock: clock, deadlines: deadlines, stopTime: stopTime)
    }

    /// SNI and hostname verification take a name; for an IP address NIOSSL checks the peer's address instead.
    private static func tlsServerName(_ host: String) -> String? {
        let isIPAddress = host.contains(":") || host.allSatisfy { $0.isNumber || $0 == "." }
        return isIPAddress ? nil : host
    }

    /// The next reply (the greeting, or one a command asked for).
    func reply(answering what: String) async throws(SMTPAbort) -> SMTPReply {
        try await mailbox.next(within: bounded(deadlines.reply), on: clock, answering: what).get()
    }

    /// Writes `line` and CRLF, then waits for its reply. `shownAs` is what logs and results call it (AUTH's
    /// arguments are never shown).
    func command(_ line: String, shownAs: String? = nil) async throws(SMTPAbort) -> SMTPReply {
        let name = shownAs ?? line
        guard !line.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0 }) else {
            throw .retryLater("refusing to send a command with a line break: \(name.debugDescription)")
        }
        try await write(Array((line + "\r\n").utf8), within: bounded(deadlines.reply), what: name)
        return try await reply(answering: name)
    }

    /// Writes a message's body (already dot-stuffed and ended by `.` CRLF) and waits for its reply.
    func data(_ bytes: [UInt8]) async throws(SMTPAbort) -> SMTPReply {
        try await write(bytes, within: bounded(deadlines.dataTransfer), what: "the message")
        return try await reply(answering: "the message's end")
    }

    private func write(_ bytes: [UInt8], within deadline: Duration, what: String) async throws(SMTPAbort) {
        let writing = channel.eventLoop.makePromise(of: Void.self)
        channel.writeAndFlush(channel.allocator.buffer(bytes: bytes), promise: writing)
        try await FirstOf.future(
            writing.futureResult, orDeadline: deadline, on: clock,
            failure: { .retryLater("cannot write \(what): \($0)") },
            timeout: .retryLater("cannot write \(what) within \(deadline)"),
            discardLate: { _ in }
        ).get()
    }

    /// Puts TLS under the dialogue, after STARTTLS's 220: refused if the server sent anything after that reply.
    func startTLS(_ context: NIOSSLContext, host: String) async throws(SMTPAbort) {
        let serverName = Self.tlsServerName(host)
        let mailbox = mailbox
        let adding = channel.eventLoop.submit { [channel] in
            let replies = try channel.pipeline.syncOperations.handler(type: SMTPReplyHandler.self)
            guard !replies.hasPartialReply, mailbox.isEmpty else {
                throw SMTPProtocolError("the server sent more after agreeing to STARTTLS")
            }
            let handler = try NIOSSLClientHandler(context: context, serverHostname: serverName)
            try channel.pipeline.syncOperations.addHandler(handler, position: .first)
        }
        let deadline = bounded(deadlines.reply)
        try await FirstOf.future(
            adding, orDeadline: deadline, on: clock,
            failure: { .retryLater("cannot start TLS: \($0)") },
            timeout: .retryLater("cannot start TLS within \(deadline)"),
            discardLate: { _ in }
        ).get()
    }

    /// Says QUIT and closes, waiting for the reply at most a second on the clock (it changes nothing).
    func quit() async {
        _ = try? await write(Array("QUIT\r\n".utf8), within: .seconds(1), what: "QUIT")
        _ = await mailbox.next(within: min(deadlines.reply, .seconds(1)), on: clock, answering: "QUIT")
        close()
    }

    func close() {
        channel.close(promise: nil)
    }

    /// `deadline`, or what is left to the batch's stop time when that is less.
    private func bounded(_ deadline: Duration) -> Duration {
        stopTime.bound(deadline, now: clock.now)
    }
}

extension Duration {
    /// As NIO's `TimeAmount`, saturating.
    var timeAmount: TimeAmount {
        let (seconds, attoseconds) = components
        let nanoseconds = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !nanoseconds.overflow else { return .nanoseconds(seconds < 0 ? .min : .max) }
        return .nanoseconds(nanoseconds.partialValue.addingReportingOverflow(attoseconds / 1_000_000_000).partialValue)
    }
}
