import Foundation
import Logging
import NIOCore
import NIOSSL
import Timekeeping

/// Sends mail to one SMTP server (`SMTPURL`), a batch on one connection: TLS by STARTTLS whenever the server offers it
/// (or from the start, `smtps://`), verified against `url.host` and `tlsTrustRoots`; credentials only over TLS; 8-bit
/// bodies when the server offers 8BITMIME, quoted-printable otherwise. Every wait is bounded by `deadlines` on `clock`.
///
/// Each message's result: `.delivered` on 250 after its body, `.retryLater` for a 4xx reply and `.rejected` for a 5xx
/// one (then RSET, and on with the next message); a lost connection, a deadline passed or a reply that cannot be read
/// makes that message and every later one `.retryLater`, and so does the batch's deadline (each message's, as the
/// sender moves it): every wait ends by then. Never throws, never traps on what the server sends.
public struct SMTPTransport: MailTransport {
    public let url: SMTPURL
    public let heloName: String
    public let deadlines: SMTPDeadlines
    private let eventLoopGroup: any EventLoopGroup
    private let clock: any AppClock
    private let tlsTrustRoots: NIOSSLTrustRoots
    private let logger: Logger?

    public init(
        url: SMTPURL, heloName: String, eventLoopGroup: any EventLoopGroup, clock: any AppClock,
        deadlines: SMTPDeadlines = .standard, tlsTrustRoots: NIOSSLTrustRoots = .default, logger: Logger? = nil
    ) {
        self.url = url
        self.heloName = heloName
        self.eventLoopGroup = eventLoopGroup
        self.clock = clock
        self.deadlines = deadlines
        self.tlsTrustRoots = tlsTrustRoots
        self.logger = logger
    }

    public func send(_ messages: [MailMessage], by deadline: Date, settle: (MailDeliveryResult) async -> Date?) async {
        guard !messages.isEmpty else { return }
        let stopTime = SMTPStopTime(deadline)
        var settled = 0
        do throws(SMTPAbort) {
            let tls = try makeTLSContext()
            let connection = try await SMTPConnection.open(
                to: url, tls: url.implicitTLS ? tls : nil, group: eventLoopGroup, clock: clock, deadlines: deadlines,
                stopTime: stopTime)
            do throws(SMTPAbort) {
                let session = try await SMTPSession.begin(on: connection, url: url, heloName: heloName, tls: tls)
                for message in messages {
                    let result = try await session.deliver(message)
                    log(result, of: message)
                    settled += 1
                    guard let next = await settle(result), settled < messages.count else { break }
                    stopTime.move(to: next)
                }
                await connection.quit()
            } catch {
                connection.close()
                throw error
            }
        } catch {
            logger?.warning(
                "mail: batch cut short", metadata: ["server": "\(url.host):\(url.port)", "result": "\(error.result)"])
            for _ in settled..<messages.count {
                _ = await settle(error.result)
            }
        }
    }

    private func makeTLSContext() throws(SMTPAbort) -> NIOSSLContext {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.trustRoots = tlsTrustRoots
        do {
            return try NIOSSLContext(configuration: configuration)
        } catch {
            throw .retryLater("cannot set up TLS: \(error)")
        }
    }

    private func log(_ result: MailDeliveryResult, of message: MailMessage) {
        guard let logger, result != .delivered else { return }
        logger.warning("mail: not delivered", metadata: ["message-id": "\(message.messageID)", "result": "\(result)"])
    }
}
