import NIOCore

/// The channel's end of the dialogue: parses the bytes that arrive into replies (`SMTPReplyParser`, bounded) and
/// leaves them in the mailbox; a reply that cannot be parsed, an error or the connection's end ends the mailbox.
final class SMTPReplyHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer

    private var parser = SMTPReplyParser()
    private let mailbox: SMTPReplyMailbox

    init(mailbox: SMTPReplyMailbox) {
        self.mailbox = mailbox
    }

    /// Whether part of a reply is held (there must be none when TLS starts).
    var hasPartialReply: Bool { parser.hasPartialReply }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let buffer = unwrapInboundIn(data)
        var replies: [SMTPReply] = []
        var failure: SMTPProtocolError?
        do {
            try parser.parse(buffer.readableBytesView, into: &replies)
        } catch {
            failure = error
        }
        for reply in replies { mailbox.deliver(reply) }
        if let failure {
            mailbox.end(.retryLater("the server's reply cannot be read: \(failure)"))
            context.close(promise: nil)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        mailbox.end(.retryLater("the server closed the connection"))
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        mailbox.end(.retryLater("the connection failed: \(error)"))
        context.close(promise: nil)
    }
}
